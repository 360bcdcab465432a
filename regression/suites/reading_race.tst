# Capturing races between a string with three liberties and a neighbour
# with four that shares two of them. The shared liberties are filled last,
# so the side to move takes an outside liberty of the other. Positions made
# for tesuji; GNU Go 3.8 gives the same answers (it chooses D7 in 1).
#
# Black A9-A8-A7-B7 (liberties B9, B8, A6) against white C9-C8-C7
# (liberties B9, B8, D9, D7).
loadsgf games/reading/race34.sgf
1 defend A9
#? [1 (D7|D9)]
2 attack A9
#? [1 A6]
3 attack C9
#? [0]
