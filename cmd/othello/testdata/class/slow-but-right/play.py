"""Plays Othello on standard input and output, as the assignment says,
but slowly: before each move it lists every legal move of both players,
fifteen times over, a hint no one reads. A 16x16 game takes it some 2 s
of CPU, ten times a plain program's, on a machine where the default
limit of that game is 14.9 s: slow, yet with room for a loaded one."""
import re
import sys

from game import Board, BadMove, OthelloError

NUMBER = re.compile(rb"[+-]?[0-9]+\Z")
SCORE = "B: %d  W: %d\n"
ROW_END = "\n"


def read():
    sys.stdout.flush()
    line = sys.stdin.buffer.readline()
    if not line:
        return None
    return line.rstrip(b"\r\n").strip(b" \t")


def number(field):
    digits = field.lstrip(b"+-").lstrip(b"0") or b"0"
    if len(digits) > 9:
        return 0
    return -int(digits) if field.startswith(b"-") else int(digits)


def show(board):
    sys.stdout.write(SCORE % (board.count("B"), board.count("W")))
    for row in board.squares:
        sys.stdout.write(" ".join(row) + ROW_END)


def setup():
    size = []
    for _ in range(2):
        line = read()
        if line is None or not NUMBER.match(line):
            raise OthelloError("bad size")
        size.append(number(line))
    first, win = read(), read()
    if first not in (b"B", b"W") or win not in (b">", b"<"):
        raise OthelloError("bad player or rule")
    squares = []
    for _ in range(size[0]):
        line = read()
        cells = [f.decode() for f in (line or b"").replace(b"\t", b" ").split(b" ") if f]
        if line is None or any(f not in ("B", "W", ".") for f in cells):
            raise OthelloError("bad row")
        squares.append(cells)
    return Board(size[0], size[1], squares, first.decode()), win == b"<"


def main():
    sys.stdout.write("FULL\n")
    try:
        board, fewest = setup()
    except OthelloError as e:
        sys.stdout.flush()
        print("play.py: " + str(e), file=sys.stderr)
        sys.exit(1)
    while board.next_turn():
        # Lists every legal move of both players, as a hint no one reads:
        # correct, but slow on big boards.
        hints = [(r, c) for _ in range(15) for me in "BW" for r in range(board.rows) for c in range(board.cols) if board.flips(r, c, me)]
        show(board)
        sys.stdout.write("TURN: %s\n" % board.turn)
        while True:
            line = read()
            if line is None:
                sys.stdout.flush()
                print("play.py: input ended mid-game", file=sys.stderr)
                sys.exit(1)
            f = [x for x in line.replace(b"\t", b" ").split(b" ") if x]
            try:
                if len(f) != 2 or not all(NUMBER.match(x) for x in f):
                    raise BadMove(line)
                board.play(number(f[0]) - 1, number(f[1]) - 1)
                break
            except BadMove:
                sys.stdout.write("INVALID\n")
        sys.stdout.write("VALID\n")
    show(board)
    sys.stdout.write("WINNER: %s\n" % board.winner(fewest))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
