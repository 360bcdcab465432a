# Snapbacks: a stone thrown in is captured, and the capturing string is
# left with one liberty, where it is taken at once. A snapback is no ko.

#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . . . . . .
#  5 . . . . . . . . .
#  4 . . . . . . . . .
#  3 . . X X X . . . .
#  2 . X O O O X . . .
#  1 . X O . . X . . .
loadsgf games/snap-edge.sgf
1 countlib C2
#? [2]
2 findlib C2
#? [D1 E1]
3 attack C2
#? [1 (D1|E1)]
# Neither liberty saves white: each leaves one liberty.
4 defend C2
#? [0]
5 is_legal black D1
#? [1]
play black D1
6 countlib D1
#? [1]
7 countlib C2
#? [1]
8 is_legal white E1
#? [1]
9 play white E1
#? []
10 captures white
#? [1]
11 countlib C2
#? [1]
12 findlib E1
#? [D1]
13 is_legal black D1
#? [1]
14 play black D1
#? []
15 captures black
#? [5]
16 list_stones white
#? []
17 countlib D1
#? [3]

# White filling its own liberty instead is self-atari.
loadsgf games/snap-edge.sgf
play white E1
18 countlib C2
#? [1]
19 attack C2
#? [1 D1]

#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . . . . . .
#  5 . . . . . . . . .
#  4 . . . . . . . . .
#  3 . . X X X X . . .
#  2 . X O O O X . . .
#  1 . X O . . O X . .
loadsgf games/snap-two.sgf
20 countlib F1
#? [1]
21 countlib C2
#? [2]
22 attack C2
#? [1 (D1|E1)]
23 defend C2
#? [0]
play black D1
24 play white E1
#? []
25 captures white
#? [1]
26 countlib E1
#? [1]
27 findlib C2
#? [D1]
28 play black D1
#? []
29 captures black
#? [6]

# The other way: black captures F1 first and white cannot fill D1.
loadsgf games/snap-two.sgf
30 play black E1
#? []
31 captures black
#? [1]
32 countlib C2
#? [1]
33 is_legal white D1
#? [0]
34 countlib E1
#? [2]
