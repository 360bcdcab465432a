# A two-stone string chased from the outside. Position made for tesuji; answers checked with GNU Go 3.8.
#
# White D5-D4 has liberties E5 and E4; black D6, C5, C4, D3, E3.
loadsgf games/reading/chase.sgf
1 attack D4
#? [1 E5]
2 defend D4
#? [1 E5]
3 ladder_attack D4
#? [1 E5]
