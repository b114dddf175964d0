# Tests of game.py, runnable on their own: a second main block.
import game

if __name__ == '__main__':
    print(game.number(b"3"))
