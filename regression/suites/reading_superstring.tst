# Defences away from the string: the superstring. Position made for tesuji;
# answers checked by hand and by GNU Go 3.8.
#
#    A B C D E F G H J
#  9 . . . X . O O X .     White G9-F9-G8 has two liberties, E9 and F8.
#  8 . . X O O . O X .     Extending at F8 joins D8-E8-E7-F7, which black
#  7 . O . X O O X X .     shortens of liberties; but black D7 next to that
#  6 . O O O X X X . .     string (not next to G9) is in atari: white C7
#  5 . . O X X . . . .     takes it and both strings live.
loadsgf games/reading/superstring.sgf
1 defend G9
#? [1 C7]
2 defend D8
#? [1 C7]
# Black to move captures first: C9 ataris D8 and the white strings
# together.
3 attack G9
#? [1 C9]
4 attack D8
#? [0]

# The superstring attack. White B9-B8 (liberties A9, C9, C8) joins
# D9-D8-D7 at C9 or C8, and D6 joins that to D5. Black C8 takes a
# liberty and the connection; black D6, a liberty of the neighbour only,
# cuts the superstring off as well.
#
#    A B C D E
#  9 . O . O X
#  8 X O . O X
#  7 X X X O X
#  6 . . X . X
#  5 . . . O .
loadsgf games/reading/superstring_attack.sgf
5 attack B9
#? [1 (C8|D6)]
6 defend B9
#? [1 D6]
trymove black D6
7 defend B9
#? [0]
popgo
