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
