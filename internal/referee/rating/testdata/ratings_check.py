# ratings_check.py computes the worked values of ratings_test.go
# independently of the Go code (python3 testdata/ratings_check.py): the
# ratings maximize the log-likelihood by golden-section search, one
# coordinate at a time (not Newton), and the intervals come from a
# finite-difference Hessian of the log-likelihood, inverted by the 2×2
# formula (not Gaussian elimination).
import math

def score(d): return 1/(1+10**(-d/400))

def golden(f, lo, hi, it=200):
    g = (math.sqrt(5)-1)/2
    c, d = hi-g*(hi-lo), lo+g*(hi-lo)
    for _ in range(it):
        if f(c) > f(d): hi, d = d, c; c = hi-g*(hi-lo)
        else: lo, c = c, d; d = lo+g*(hi-lo)
    return (lo+hi)/2

# games: (a, b, wins, draws, losses) from a's side. Players A, B, C; C the anchor at 0.
def fit(games, prior):
    P = ['A', 'B', 'C']
    n = {(x, y): 0.0 for x in P for y in P}; w = dict(n)
    for a, b, W, D, L in games:
        n[a, b] += W+D+L; n[b, a] += W+D+L
        w[a, b] += W+D/2; w[b, a] += L+D/2
    G = {x: sum(n[x, y] for y in P) for x in P}
    v = {(x, y): prior*n[x, y]/G[x] for x in P for y in P}
    for x in P:
        for y in P:
            add = v[x, y]+v[y, x]
            n2 = n[x, y]+add  # both players' virtual draws
            w[x, y] += add/2
            n[x, y] = n2
    def ll(r):
        return sum(w[x, y]*math.log(score(r[x]-r[y])) for x in P for y in P if x != y and w[x, y] > 0)
    r = {'A': 0.0, 'B': 0.0, 'C': 0.0}
    for _ in range(100):
        for x in 'AB':
            def f(t, x=x):
                s = dict(r); s[x] = t; return ll(s)
            r[x] = golden(f, -2000, 2000, 120)
    h = 1e-2
    def d2(x, y):
        def at(dx, dy):
            s = dict(r); s[x] += dx; s[y] += dy; return ll(s)
        return (at(h, h)-at(h, -h)-at(-h, h)+at(-h, -h))/(4*h*h)
    I = [[-d2('A', 'A'), -d2('A', 'B')], [-d2('B', 'A'), -d2('B', 'B')]]
    det = I[0][0]*I[1][1]-I[0][1]*I[1][0]
    var = {'A': I[1][1]/det, 'B': I[0][0]/det}
    return r, {x: 1.959963984540054*math.sqrt(var[x]) for x in 'AB'}

games = [('A', 'B', 6, 2, 2), ('B', 'C', 5, 3, 2), ('A', 'C', 7, 1, 2)]
print("three players, prior 0:", fit(games, 0))
print("three players, prior 1:", fit(games, 1))
