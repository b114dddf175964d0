#!/bin/sh
# A correct program in shell: it hands the game to the judge it is given.
exec "$JUDGE" "$@"
