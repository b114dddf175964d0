module othello

go 1.22
