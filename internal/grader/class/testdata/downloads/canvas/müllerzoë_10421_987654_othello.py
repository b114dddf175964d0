# A correct program of the assignment (submissions/alice/othello.py) in one
# module with no class: it keeps one rule of structure of four.
import re
import sys

NUMBER = re.compile(rb"[+-]?[0-9]+\Z")
DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
out = sys.stdout


def number(field):
    """number reads a signed integer; one too long to be a square is 0."""
    digits = field.lstrip(b"+-").lstrip(b"0") or b"0"
    if len(digits) > 9:
        return 0
    return -int(digits) if field.startswith(b"-") else int(digits)


def fields(line):
    return line.replace(b"\t", b" ").split(b" ")


def read():
    out.flush()
    line = sys.stdin.buffer.readline()
    if not line:
        return None
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    return line.strip(b" \t")


def fail(msg):
    out.flush()
    print("judge.py: " + msg, file=sys.stderr)
    sys.exit(1)


def flips(board, rows, cols, r, c, me):
    if board[r][c] != ".":
        return []
    other = "W" if me == "B" else "B"
    got = []
    for dr, dc in DIRS:
        line, rr, cc = [], r + dr, c + dc
        while 0 <= rr < rows and 0 <= cc < cols and board[rr][cc] == other:
            line.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < rows and 0 <= cc < cols and board[rr][cc] == me:
            got += line
    return got


def can_move(board, rows, cols, me):
    return any(flips(board, rows, cols, r, c, me) for r in range(rows) for c in range(cols))


def show(board):
    b = sum(row.count("B") for row in board)
    w = sum(row.count("W") for row in board)
    out.write("B: %d  W: %d\n" % (b, w))
    for row in board:
        out.write(" ".join(row) + "\n")
    return b, w


def main():
    out.write("FULL\n")
    size = []
    for _ in range(2):
        line = read()
        if line is None or not NUMBER.match(line) or number(line) not in range(4, 17, 2):
            fail("bad size")
        size.append(number(line))
    rows, cols = size
    first, win = read(), read()
    if first not in (b"B", b"W") or win not in (b">", b"<"):
        fail("bad player or rule")
    board = []
    for _ in range(rows):
        line = read()
        cells = [f for f in fields(line or b"") if f]
        if line is None or len(cells) != cols or any(f not in (b"B", b"W", b".") for f in cells):
            fail("bad row")
        board.append([f.decode() for f in cells])
    me = first.decode()
    while True:
        if not can_move(board, rows, cols, me):
            me = "W" if me == "B" else "B"
            if not can_move(board, rows, cols, me):
                break
        show(board)
        out.write("TURN: %s\n" % me)
        while True:
            line = read()
            if line is None:
                fail("input ended mid-game")
            f = [x for x in fields(line) if x]
            if len(f) == 2 and all(NUMBER.match(x) for x in f):
                r, c = number(f[0]) - 1, number(f[1]) - 1
                if 0 <= r < rows and 0 <= c < cols:
                    got = flips(board, rows, cols, r, c, me)
                    if got:
                        break
            out.write("INVALID\n")
        out.write("VALID\n")
        board[r][c] = me
        for rr, cc in got:
            board[rr][cc] = me
        me = "W" if me == "B" else "B"
    b, w = show(board)
    if b == w:
        out.write("WINNER: NONE\n")
    elif (b > w) == (win == b">"):
        out.write("WINNER: B\n")
    else:
        out.write("WINNER: W\n")
    out.flush()


if __name__ == "__main__":
    main()
