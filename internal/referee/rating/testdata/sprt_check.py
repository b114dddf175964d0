# sprt_check.py computes the worked values of sprt_test.go independently of
# the Go code (python3 testdata/sprt_check.py): the GSPRT's log-likelihood
# ratio, each hypothesis the distribution with the given mean score that
# maximizes the likelihood of the observed counts, found here by direct
# maximization (golden-section search, coordinate by coordinate) instead
# of the Go code's dual root.
import math

def score(elo): return 1/(1+10**(-elo/400))

def golden(f, lo, hi, it=200):
    g = (math.sqrt(5)-1)/2
    c, d = hi-g*(hi-lo), lo+g*(hi-lo)
    for _ in range(it):
        if f(c) > f(d): hi, d = d, c; c = hi-g*(hi-lo)
        else: lo, c = c, d; d = lo+g*(hi-lo)
    return (lo+hi)/2

def phat(counts):
    c = [x if x else 1e-3 for x in counts]; t = sum(c)
    return t, [x/t for x in c]

def ll(ph, p):
    if min(p) <= 0: return -1e300
    return sum(q*math.log(x) for q, x in zip(ph, p))

def tri(counts, s):  # counts L, D, W; free coordinate pD
    t, ph = phat(counts)
    mk = lambda d: [1-s-d/2, d, s-d/2]
    d = golden(lambda d: ll(ph, mk(d)), 0, min(2*s, 2*(1-s)))
    return ll(ph, mk(d))

def pen(counts, s):  # scores 0, 1/4, 1/2, 3/4, 1; free p1, p2, p3
    t, ph = phat(counts)
    c = [0.25, 0.5, 0.75]
    def mk(x):
        p4 = s-sum(ci*xi for ci, xi in zip(c, x))
        return [1-sum(x)-p4, x[0], x[1], x[2], p4]
    x = [1e-6, 1e-6, 1e-6]
    for _ in range(300):
        for i in range(3):
            # p4 > 0 and p0 > 0 bound coordinate i, the others fixed
            r4 = sum(c[j]*x[j] for j in range(3) if j != i)
            r0 = sum(x[j]-c[j]*x[j] for j in range(3) if j != i)
            hi = min((s-r4)/c[i], (1-s-r0)/(1-c[i]))
            def f(v, i=i):
                y = list(x); y[i] = v; return ll(ph, mk(y))
            x[i] = golden(f, 0, hi, 80)
    return ll(ph, mk(x))

def llr(kind, counts, e0, e1):
    t, _ = phat(counts)
    return t*(kind(counts, score(e1))-kind(counts, score(e0)))

print("bounds .05,.05", math.log(.05/.95), math.log(.95/.05))
print("bounds .05,.1", math.log(.1/.95), math.log(.9/.05))
# fastchess app/tests/sprt_test.cpp, Stats(wins, losses, draws): L, D, W here
print("fastchess logistic trinomial 1", llr(tri, [21184, 40708, 21404], 0.5, 2.5))
print("fastchess logistic trinomial 2", llr(tri, [57030, 106593, 57433], 0, 2))
print("tri 10-10-30 (L,D,W) 0,10", llr(tri, [10, 10, 30], 0, 10))
print("tri 0-0-10 0,50", llr(tri, [0, 0, 10], 0, 50))
print("tri 40-20-40 0,100", llr(tri, [40, 20, 40], 0, 100))
# Stats(LL, LD, WL, DD, WD, WW): Pairs{LL, LD, WL+DD, WD, WW}
print("fastchess logistic pentanomial 1", llr(pen, [223, 9863, 20279+1000, 10037, 246], 0.5, 2.5))
print("fastchess logistic pentanomial 2", llr(pen, [871, 26175, 55003+980, 26678, 821], 0, 2))
print("pen 1,3,8,5,3 0,50", llr(pen, [1, 3, 8, 5, 3], 0, 50))
print("pen 0,0,0,0,6 0,100", llr(pen, [0, 0, 0, 0, 6], 0, 100))
