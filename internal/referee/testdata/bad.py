# A player that plays the starter's moves, then on its third turn
# misbehaves as its argument says.
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from starter import legal

mode, turn = sys.argv[1], 0
for header in sys.stdin:
    _, me, ms, rows, cols = header.split()
    board = [sys.stdin.readline().strip() for _ in range(int(rows))]
    turn += 1
    if turn == 3:
        if mode == "illegal": print("9 9", flush=True); continue
        if mode == "pass": print("pass", flush=True); continue
        if mode == "garbage": print("<b>hello]", flush=True); continue
        if mode == "crash": print("boom: the third turn", file=sys.stderr); sys.exit(3)
        if mode == "slow": time.sleep(int(ms) / 1000 + 0.2)
        if mode == "silent": os.fork(); time.sleep(3600)
    moves = [(r, c) for r in range(int(rows)) for c in range(int(cols)) if legal(board, me, r, c)]
    print(moves[0][0] + 1, moves[0][1] + 1, flush=True)
