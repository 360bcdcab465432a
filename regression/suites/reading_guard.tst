# Guards: a liberty of the target closed to the attacker because the
# defender's stones around it make the approach suicide. Positions made for
# tesuji; answers checked by hand and with GNU Go 3.8.
#
#    D E F G H J
#  9 O . X . X .     Black G8-H8-J8-H9 has liberties G9 and J9; white can
#  8 O O O X X X     play neither. Black F9 guards G9 with two liberties:
#  7 O O O O O O     white E9 ataris it, and black cannot save both.
loadsgf games/reading/guard.sgf
1 attack G8
#? [1 E9]
2 defend G8
#? [0]
3 attack F9
#? [1 E9]

# The throw-in: white E9 has one liberty, but it ataris the guard F9 and
# D8-E8 at once. Black taking it at D9 leaves D9-D8-E8 in atari at E9.
#
#    C D E F G H J
#  9 O . . X . X .
#  8 O X X O X X X
#  7 O O O O O O O
loadsgf games/reading/guard_throw_in.sgf
4 attack G8
#? [1 (E9|D9)]
5 defend G8
#? [0]
trymove white E9
6 defend G8
#? [0]
7 defend F9
#? [0]
popgo

# A guard taken only through a ko: white E9 ataris F9, black D9 takes it
# back as a ko. The target itself cannot be taken.
#
#    C D E F G H J
#  9 O . . X . X .
#  8 O O X O X X X
#  7 O O X O O O O
loadsgf games/reading/guard_ko.sgf
8 attack G8
#? [0]
9 attack F9
#? [3 E9]
10 defend F9
#? [1 E9]
