# Scoring finished games by area (Chinese rules): stones plus territory,
# prisoners do not count. The line below makes the in-process tesuji engine
# count this way; other engines ignore it.
#! tesuji-options: --chinese-rules

#    A B C D E F G H J
#  9 . . . X O . . . .
#  8 . . . X O . . . .
#  7 . . . X O . . . .
#  6 . . . X O . . . .
#  5 . . . X O . . . .
#  4 . . . X O . . . .
#  3 . . . X O . . . .
#  2 . . . X O . . . .
#  1 . . . X O . . . .
loadsgf games/score-wall.sgf
1 final_score
#? [W\+9(\.0)?]
komi 7.5
2 final_score
#? [W\+16.5]
komi 0

#    A B C D E F G H J
#  9 . . . X O . . . .
#  8 . . . X O . . . .
#  7 . . . X O . . . .
#  6 . X . X O . . . .
#  5 X O X X O . . . .
#  4 . . . X O . . . .
#  3 . . . X O . O . .
#  2 . . . X O O X O .
#  1 . . . X O . . . .
loadsgf games/score-prisoner.sgf
play black B4
play white G1
# Area counting ignores the two prisoners: black 27, white 36.
3 final_score
#? [W\+9(\.0)?]
komi 7.5
4 final_score
#? [W\+16.5]
komi 0

#    A B C D E F G
#  7 . . X O . . .
#  6 . . X O . . .
#  5 . X X O . . .
#  4 X X O O . . .
#  3 . X O . . . .
#  2 . X O . . . .
#  1 . X O . . . .
loadsgf games/score-7x7.sgf
# Black 9 stones and 8 points, white 8 stones and 24 points.
5 final_score
#? [W\+15(\.0)?]

#    A B C D E F G H J
#  9 . O . O X O . . .
#  8 O O O O X O . . .
#  7 X X X X X O . . .
#  6 . . . . X O . . .
#  5 . . . . X O . . .
#  4 . . . . X O . . .
#  3 X X . . X O . . .
#  2 O O X . X O . . .
#  1 . O X . X O . . .
loadsgf games/eyes-life.sgf
# With the dead white stones off: black 34, white 41.
6 final_score
#? [W\+7(\.0)?]
