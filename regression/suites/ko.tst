# Ko under the default rule (simple ko): the immediate recapture of a
# single stone that just captured a single stone is forbidden; anything in
# between (a move elsewhere, a pass) lifts the ban. See superko.tst for the
# positional superko rule.

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
1 countlib D5
#? [1]
2 is_legal black E5
#? [1]
3 play black E5
#? []
4 captures black
#? [1]
5 countlib E5
#? [1]
6 findlib E5
#? [D5]
# The ko: white may not take back at once.
7 is_legal white D5
#? [0]
8 play white D5
#? [illegal move]
# Other moves stay legal.
9 is_legal white F4
#? [1]
# Taking back the move restores the ban.
play white H8
10 undo
#? []
11 is_legal white D5
#? [0]
# A ko threat and its answer, then white may take back.
play white H8
play black J8
12 is_legal white D5
#? [1]
13 play white D5
#? []
14 captures white
#? [1]
15 is_legal black E5
#? [0]
# Passes lift the ban under simple ko.
play black pass
play white pass
16 is_legal black E5
#? [1]
# Black takes the ko again; white plays elsewhere; black connects.
17 play black E5
#? []
18 captures black
#? [2]
play white H7
19 play black D5
#? []
21 countlib E5
#? [5]
22 is_legal white D5
#? [0]

# Simple ko knows nothing of earlier positions: after two passes white may
# recreate the position before black's capture.
loadsgf games/ko-center.sgf
play black E5
play white pass
play black pass
20 is_legal white D5
#? [1]

# A ko in the corner.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . . . . . .
#  5 . . . . . . . . .
#  4 . . . . . . . . .
#  3 . . . . . . . . .
#  2 X O . . . . . . .
#  1 O . O . . . . . .
loadsgf games/ko-corner.sgf
30 countlib A1
#? [1]
31 play black B1
#? []
32 captures black
#? [1]
33 is_legal white A1
#? [0]
34 countlib B1
#? [1]
35 is_legal white C2
#? [1]

# Capturing two stones makes no ko: the single stone that captured them can
# be taken back at once.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . . . . . .
#  5 . . . . . . . . .
#  4 . . . . . . . . .
#  3 . . . . . . . . .
#  2 . X X O . . . . .
#  1 X O O . O . . . .
loadsgf games/ko-two.sgf
40 countlib B1
#? [1]
41 play black D1
#? []
42 captures black
#? [2]
43 countlib D1
#? [1]
44 is_legal white C1
#? [1]
45 play white C1
#? []
46 captures white
#? [1]
47 color D1
#? [empty]
# Black at D1 now would capture nothing: suicide, not ko.
48 is_legal black D1
#? [0]
49 is_legal black B1
#? [1]
