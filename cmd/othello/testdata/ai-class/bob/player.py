# A player that answers its first move off the board: it forfeits every game it moves in.
import sys

if __name__ == "__main__":
    for header in sys.stdin:  # MOVE B 9500 8 8
        rows = int(header.split()[3])
        for _ in range(rows):
            sys.stdin.readline()
        print("0 0", flush=True)
