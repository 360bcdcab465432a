# Edge tactics. Position made for tesuji; answers checked by hand and with GNU Go 3.8.
#
# White C2-D2 on the second line under black B2, C3, D3, E3: blocking at E2
# leaves it on the edge without room.
loadsgf games/reading/edge.sgf
1 attack C2
#? [1 E2]
