#!/bin/sh
# A fork bomb, bounded by construction so that it cannot hurt the machine
# if the process limit fails: 2^11 processes at most, each gone in 20s.
bomb() {
	if [ "$1" -lt 10 ]; then
		bomb $(($1 + 1)) &
		bomb $(($1 + 1)) &
	fi
	sleep 20
}
bomb 0
