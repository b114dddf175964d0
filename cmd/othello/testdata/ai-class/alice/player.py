# A player in the plain protocol: it plays the first legal move it finds.
import sys

def legal(board, me, r, c):
    """Whether me ("B" or "W") may play row r, column c (from 0)."""
    if board[r][c] != ".":
        return False
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        i, j, seen = r + dr, c + dc, 0
        while 0 <= i < len(board) and 0 <= j < len(board[0]) and board[i][j] not in (".", me):
            i, j, seen = i + dr, j + dc, seen + 1
        if seen and 0 <= i < len(board) and 0 <= j < len(board[0]) and board[i][j] == me:
            return True
    return False

if __name__ == "__main__":
    for header in sys.stdin:  # MOVE B 9500 8 8: colour, ms left, rows, cols
        _, me, ms, rows, cols = header.split()
        board = [sys.stdin.readline().strip() for _ in range(int(rows))]
        moves = [(r, c) for r in range(int(rows)) for c in range(int(cols)) if legal(board, me, r, c)]
        r, c = moves[0]
        print(r + 1, c + 1, flush=True)  # row and column from 1
