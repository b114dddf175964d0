module github.com/othello-judge/judge

go 1.22
