# Connection reading: can two strings of one colour be joined (`connect A B`,
# the owner moves first) or cut apart (`disconnect A B`, the opponent moves
# first; capturing either string cuts). Answers "1 MOVE" or "0" as GNU Go's
# (GNU Go 3.8 gives the same answers on every test here).

# A one-point jump in open space: not cut, and joined at the jump.
#    A B C D E F G H J
#  7 . . X . . . . . .
#  6 . . . . . . . . .
#  5 . . X . . . . . .
#  3 . . . . . . O . .
loadsgf games/conn-jump.sgf
1 connect C7 C5
#? [1 C6]
2 disconnect C7 C5
#? [0]

# A bamboo joint: two links (C6, D6), the cutter takes one, the other joins.
#    A B C D E F G H J
#  7 . . X X . . . . .
#  6 . . . . . . . . .
#  5 . . X X . . . . .
loadsgf games/conn-bamboo.sgf
3 connect C7 C5
#? [1 C6]
4 disconnect C7 C5
#? [0]

# The cutting stone D3 is in atari: capturing it joins C3 and E3.
#    A B C D E F G H J
#  4 . . . X . . . . .
#  3 . . X O X . . . .
#  2 . . . . . . . . .
loadsgf games/conn-atari.sgf
5 connect C3 E3
#? [1 D2]
6 disconnect C3 E3
#? [0]

# Both cutting points are white: black can join only by capturing C2
# (atari at B2); white cuts for good by the atari E2 on D2.
#    A B C D E F G H J
#  3 . . X O O . . . .
#  2 . . O X . . . . .
#  1 . . . . . . . . .
loadsgf games/conn-hane.sgf
7 connect C3 D2
#? [1 B2]
8 disconnect C3 D2
#? [1 E2]

# The cutting stone D7 is in atari, its last liberty D8: black captures
# there, white saves it there and joins C8 (a cut for good).
#    A B C D E F G H J
#  8 . . O . . . . . .
#  7 . . X O X O . . .
#  6 . . . X . . . . .
loadsgf games/conn-ladder.sgf
9 connect C7 E7
#? [1 D8]
10 disconnect C7 E7
#? [1 D8]
