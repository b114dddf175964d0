# elo_check.py computes the worked values of elo_test.go independently of
# the Go code: python3 testdata/elo_check.py
# Independent check of the Elo intervals: statistics module, not the Go code.
import math, statistics
def elo(s): return -400*math.log10(1/s-1)
def iv(points):  # list of per-sample scores (fractions)
    n=len(points); s=sum(points)/n; var=statistics.pvariance(points); se=math.sqrt(var/n)
    z=statistics.NormalDist().inv_cdf(0.975)
    lo=max(0,s-z*se); hi=min(1,s+z*se)
    f=lambda x: float('-inf') if x==0 else float('inf') if x==1 else elo(x)
    return s, f(s), f(lo), f(hi), (f(hi)-f(lo))/2
print("0.75", elo(0.75))
print("15-0-5", iv([1]*15+[0]*5))
print("wdl 136,111,96", iv([1]*136+[0.5]*111+[0]*96))
print("wdl 10,10,0", iv([1]*10+[0.5]*10))
def pen(c): return iv(sum(([k/4]*n for k,n in enumerate(c)),[]))
print("pen1", pen([34,54,31+32,64,75]))
print("pen2", pen([332,433,457+41,333,334]))
print("pen3", pen([7895,8757,5485+200,568,9999]))
print("pen 0,0,10,0,0", pen([0,0,10,0,0]))
print("pen 0,5,0,5,0", pen([0,5,0,5,0]))
