# Imports a module the student forgot to hand in.
from othello_logic import Game

if __name__ == "__main__":
    Game().play()
