# Helpers that othello_ui.py does not import: no main block here.


def opponent(me):
    return "W" if me == "B" else "B"
