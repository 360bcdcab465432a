# Eye shapes beyond the eye database's assumptions (docs/eyes.md): a
# defender wall short of liberties, and attacker stones on margins and on
# false eyes. Our own positions; GNU Go 3.8 gives the same answers.

# Bent four in the corner. The black wall (C9 C8 B8 B7 B6 A6) has no
# liberty outside the space A9 B9 A8 A7: every outside neighbour is a
# white stone. White at A8 leaves black one eye; black at A8 (or A9) makes
# two. In the centre, or with a safe wall, the same shape is two eyes.
#    A B C D E F G H J
#  9 . . X O . . X . .
#  8 . X X O . . X X .
#  7 . X O O . . . X .
#  6 X X O . . . . X X
#  5 O O O . . . . . .
loadsgf games/eyes-bent-corner.sgf
1 eval_eye A9
#? [1 2 A8 (A8|A9)]
2 eval_eye B9
#? [1 2 A8 (A8|A9)]
3 eval_eye A7
#? [1 2 A8 (A8|A9)]

# A dead black stone at E6 on a false eye of white's (black holds both
# upper diagonals, D7 and F7). It is in atari, but capturing it leaves a
# false eye: the space E6 E5 E4 is worth one eye if white plays E5 first
# (capturing, with E4 an eye), none if black does.
#    A B C D E F G H J
#  9 . . . . O . . . .
#  8 . . X X O X X . .
#  7 . . X X O X X . .
#  6 . . . O X O . . .
#  5 . . . O . O . . .
#  4 . . . O . O . . .
#  3 . . . O O O . . .
loadsgf games/eyes-dead-margin.sgf
4 eval_eye E5
#? [0 1 E5 E5]
5 eval_eye E4
#? [0 1 E5 E5]
6 eval_eye E6
#? [0 1 E5 E5]

# The same with a second dead black stone at E4: black may not play E5
# (suicide), white captures both there whenever it likes: one eye (E4).
loadsgf games/eyes-false-capture.sgf
7 is_legal black E5
#? [0]
8 eval_eye E5
#? [1 1]
9 eval_eye E4
#? [1 1]
10 eval_eye E6
#? [1 1]

# A straight line of five inside white's wall, each end a margin next to
# black's safe wall (B5 and H5): one eye or two. Black kills at either
# margin or at E5, but a black stone at E5 can be captured; the vital
# point is the one where black's stone stays safe, connected out.
# White's move is E5, the middle.
#    A B C D E F G H J
#  6 X O O O O O O O X
#  5 X . . . . . . . X
#  4 X O O O O O O O X
loadsgf games/eyes-margin-vital.sgf
15 eval_eye E5
#? [1 2 (B5|H5) E5]
16 eval_eye C5
#? [1 2 (B5|H5) E5]
