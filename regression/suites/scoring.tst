# Scoring finished games under the default rules: territory counting
# (territory plus prisoners; komi added to white). Scores are written as
# GTP's final_score writes them: B+N, W+N, or 0 for a draw.

# A wall: black has 27 points, white 36.
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
2 final_status D5
#? [alive]
3 final_status E5
#? [alive]
4 final_status_list dead
#? []
komi 6.5
5 get_komi
#? [6.5]
6 final_score
#? [W\+15.5]
komi -9
7 final_score
#? [0]
komi 0
# A black stone dropped into white's area is dead: it comes off as a
# prisoner and its point is white's.
8 play black G5
#? []
9 final_status G5
#? [dead]
10 final_status_list dead
#? [G5]
11 final_score
#? [W\+10(\.0)?]

# A column of neutral points between the walls: a draw without komi.
#    A B C D E F G H J
#  9 . . . X . O . . .
#  8 . . . X . O . . .
#  7 . . . X . O . . .
#  6 . . . X . O . . .
#  5 . . . X . O . . .
#  4 . . . X . O . . .
#  3 . . . X . O . . .
#  2 . . . X . O . . .
#  1 . . . X . O . . .
loadsgf games/score-dame.sgf
20 final_score
#? [0]
komi 0.5
21 final_score
#? [W\+0.5]
komi -0.5
22 final_score
#? [B\+0.5]
23 final_status E5
#? [dame]

# Prisoners count: each side captures one stone inside its own area.
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
30 play black B4
#? []
31 play white G1
#? []
32 captures black
#? [1]
33 captures white
#? [1]
34 final_score
#? [W\+9(\.0)?]
komi 5.5
35 final_score
#? [W\+14.5]

# A 7x7 game: black 8 points, white 24.
#    A B C D E F G
#  7 . . X O . . .
#  6 . . X O . . .
#  5 . X X O . . .
#  4 X X O O . . .
#  3 . X O . . . .
#  2 . X O . . . .
#  1 . X O . . . .
loadsgf games/score-7x7.sgf
40 query_boardsize
#? [7]
41 final_score
#? [W\+16(\.0)?]
42 final_status_list dead
#? []
