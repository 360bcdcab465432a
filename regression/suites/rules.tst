# Rules and captures: liberties, captures, suicide, occupied points.
# Every answer here follows from the rules alone.

# A white stone in atari in the centre.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . X . . . .
#  5 . . . X O X . . .
#  4 . . . . . . . . .
#  3 . . . . . . . . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf games/rules-center.sgf
1 countlib E5
#? [1]
2 findlib E5
#? [E4]
3 countlib D5
#? [3]
4 is_legal white E4
#? [1]
5 is_legal black E4
#? [1]
6 play black E4
#? []
7 color E5
#? [empty]
8 captures black
#? [1]
9 captures white
#? [0]
10 list_stones white
#? []
11 countlib E4
#? [4]
12 findlib E4
#? [E5 D4 F4 E3]
# White at E5 now would have no liberty and capture nothing.
13 is_legal white E5
#? [0]
14 play white E5
#? [illegal move]
15 list_stones black
#? [E6 D5 F5 E4]

# Captures on the edge and in the corner.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . . . . . .
#  5 . . . . . . . . .
#  4 . . . . . . . . .
#  3 . . . . . . . . .
#  2 X . . . . . . . .
#  1 O . . . X O X . .
loadsgf games/rules-edge.sgf
20 countlib A1
#? [1]
21 findlib A1
#? [B1]
22 countlib F1
#? [1]
23 findlib F1
#? [F2]
24 play black F2
#? []
25 color F1
#? [empty]
26 captures black
#? [1]
27 is_legal white F1
#? [0]
28 is_legal black B1
#? [1]
29 play black B1
#? []
30 captures black
#? [2]
31 countlib B1
#? [3]
32 list_stones white
#? []

# A chain of three stones with one liberty.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . X X X . . . . .
#  6 X O O O X . . . .
#  5 . X X . X . . . .
#  4 . . . . . . . . .
#  3 . . . . . . . . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf games/rules-chain.sgf
40 countlib C6
#? [1]
41 findlib B6
#? [D5]
42 countlib D6
#? [1]
# White may fill its own last liberty: legal, though it is still atari.
43 is_legal white D5
#? [1]
44 is_legal black D5
#? [1]
45 play black D5
#? []
46 captures black
#? [3]
47 list_stones white
#? []
48 color C6
#? [empty]
49 countlib D5
#? [11]
50 countlib A6
#? [3]

# One move captures two strings at once.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . . . . . .
#  5 . . . . . . . . .
#  4 . . X X . . . . .
#  3 . X O O X X . . .
#  2 . X O . O X . . .
#  1 . . X X O X . . .
loadsgf games/rules-double.sgf
60 countlib C3
#? [1]
61 countlib E1
#? [1]
62 findlib E2
#? [D2]
# For white, D2 joins both strings and leaves them no liberty.
63 is_legal white D2
#? [0]
64 play black D2
#? []
65 captures black
#? [5]
66 list_stones white
#? []
67 countlib D2
#? [5]

# Suicide: forbidden for one stone and for a whole string.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . . . . . .
#  5 . . . . . . . . .
#  4 . . . . . . . . .
#  3 O O O . . . . . .
#  2 X X O . O . . . .
#  1 . O . O . O . . .
loadsgf games/rules-suicide.sgf
70 countlib A2
#? [1]
71 countlib B1
#? [2]
72 is_legal black E1
#? [0]
73 is_legal black C1
#? [0]
# Filling the last liberty of A2-B2 without capturing is suicide of three stones.
74 is_legal black A1
#? [0]
75 play black A1
#? [illegal move]
76 is_legal white A1
#? [1]
77 play white A1
#? []
78 captures white
#? [2]
79 list_stones black
#? []
80 countlib B1
#? [3]
# An occupied point is never legal.
81 is_legal black B1
#? [0]
82 play black B1
#? [illegal move]
83 is_legal white C3
#? [0]
