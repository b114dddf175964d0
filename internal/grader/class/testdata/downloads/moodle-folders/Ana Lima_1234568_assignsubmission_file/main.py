# A correct program of the assignment (submissions/alice/othello.py) in a
# folder named with blanks and letters outside ASCII, its game logic in
# othello_logic.py.
import sys

from othello_logic import NUMBER, Board, MoveError, fields, number

out = sys.stdout


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


def show(board):
    b, w = board.count("B"), board.count("W")
    out.write("B: %d  W: %d\n" % (b, w))
    for row in board.squares:
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
    squares = []
    for _ in range(rows):
        line = read()
        cells = [f for f in fields(line or b"") if f]
        if line is None or len(cells) != cols or any(f not in (b"B", b"W", b".") for f in cells):
            fail("bad row")
        squares.append([f.decode() for f in cells])
    board = Board(rows, cols, squares)
    me = first.decode()
    while True:
        if not board.can_move(me):
            me = "W" if me == "B" else "B"
            if not board.can_move(me):
                break
        show(board)
        out.write("TURN: %s\n" % me)
        while True:
            line = read()
            if line is None:
                fail("input ended mid-game")
            try:
                board.play(line, me)
                break
            except MoveError:
                out.write("INVALID\n")
        out.write("VALID\n")
        me = "W" if me == "B" else "B"
    b, w = show(board)
    if b == w:
        out.write("WINNER: NONE\n")
    elif (b > w) == (win == b">"):
        out.write("WINNER: B\n")
    else:
        out.write("WINNER: W\n")
    out.flush()


if __name__=='__main__' :
    main()
