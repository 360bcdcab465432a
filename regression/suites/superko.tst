# Positional superko: no move may recreate an earlier whole-board position.
# The line below makes the in-process tesuji engine play by that rule; other
# engines ignore it (GNU Go knows no superko and fails test 3).
#! tesuji-options: --positional-superko

#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . X O . . . .
#  5 . . X O . O . . .
#  4 . . . X O . . . .
#  3 . . . . . . . . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf games/ko-center.sgf
1 is_legal black E5
#? [1]
play black E5
2 is_legal white D5
#? [0]
# After two passes simple ko would allow the recapture, but it recreates
# the position before black's capture.
play white pass
play black pass
3 is_legal white D5
#? [0]
# Once the position has changed elsewhere, the recapture is new.
play white H8
play black J8
5 is_legal white D5
#? [1]
6 play white D5
#? []
7 captures white
#? [1]
# Black may not take back at once either.
8 is_legal black E5
#? [0]
