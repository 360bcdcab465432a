# Ladders. Positions made for tesuji; answers checked by hand and with GNU Go 3.8.
#
# White D4 has two liberties (D5, E4); black C4, D3, E3 stand around it.
# On an empty board the ladder from D5 runs to the upper right and works.
loadsgf games/reading/ladder.sgf
1 attack D4
#? [1 D5]
2 ladder_attack D4
#? [1 D5]
3 defend D4
#? [1 D5]

# The same with a white ladder breaker at F6: the ladder fails.
loadsgf games/reading/ladder_breaker.sgf
11 ladder_attack D4
#? [0]
12 attack D4
#? [0]
