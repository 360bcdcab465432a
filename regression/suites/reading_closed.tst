# A string whose liberties the attacker cannot fill. Position made for tesuji; answers checked by hand.
#
# White A3-B3-B2-C2-C1 has liberties A2 and B1, shared with white A1 in the
# corner. Black may play on neither (each would be suicide); white filling
# either puts its own stones in atari. So the string needs no move: attack
# fails, and defence succeeds without one. (GNU Go 3.8 answers 0 to both.)
loadsgf games/reading/closed.sgf
1 attack A3
#? [0]
2 defend A3
#? [1 PASS]
3 attack A1
#? [0]
4 defend A1
#? [1 PASS]
# The black wall around it is safe.
5 attack C4
#? [0]
