# Snapback. Position made for tesuji; answers checked by hand and with GNU Go 3.8.
#
# Black C1 is in atari, but white taking it at D1 leaves white's eight
# stones (A3 to E1, and D1) in atari at C1: black takes them back (snapback).
# White first captures A2-B2 from A1, which gives the big string
# liberties; then C1 falls.
loadsgf games/reading/snapback.sgf
1 attack C1
#? [1 A1]
2 defend C1
#? [1 D1]
3 attack C2
#? [1 D1]
4 defend C2
#? [1 A1]
