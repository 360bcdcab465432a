# Eyes and seki: two eyes live, one eye dies, a false eye is no eye, and two
# strings without eyes that share two liberties live in seki.

# Top left: white lives with two eyes (A9, C9). Bottom left: white has one
# eye (A1) and is dead. The rest is settled.
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
1 final_status B9
#? [alive]
2 final_status A2
#? [dead]
3 final_status E9
#? [alive]
4 final_status F9
#? [alive]
5 final_status A3
#? [alive]
6 countlib B9
#? [2]
# Black may play in neither eye of the living group.
7 is_legal black A9
#? [0]
8 is_legal black C9
#? [0]
# White may not fill its own last eye; black may capture there.
9 is_legal white A1
#? [0]
10 is_legal black A1
#? [1]
11 final_status_list dead
#? [(A2|B2|B1) (A2|B2|B1) (A2|B2|B1)]
12 dragon_status B9
#? [alive]
13 dragon_status A2
#? [dead]
14 attack B9
#? [0]
15 attack A2
#? [1 A1]
16 final_score
#? [W\+6(\.0)?]
# Capturing inside one's own territory costs a point of territory and
# gains nothing: the score moves by one.
17 play black A1
#? []
18 captures black
#? [3]
19 final_score
#? [W\+7(\.0)?]

# White's eye at C9 is false: D9-E9 can be captured, and then white has
# only A9.
#    A B C D E F G H J
#  9 . O . O O X . . .
#  8 O O O X X X . . .
#  7 X X X X . . . . .
#  6 . . . . . . . . .
#  5 . . . . . . . . .
#  4 . . . . . . . . .
#  3 . . . . . . . . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf games/eyes-false.sgf
20 countlib D9
#? [1]
21 attack D9
#? [1 C9]
22 defend D9
#? [0]
23 attack B9
#? [1 C9]
24 defend B9
#? [0]
25 final_status B9
#? [dead]
26 dragon_status B9
#? [dead]
27 play black C9
#? []
28 captures black
#? [2]
29 countlib B9
#? [1]
30 is_legal white A9
#? [0]

# Seki: C9-C8-C7-D7 (black) and E9-E8-E7 (white) share D9 and D8 and have no
# eye; whoever plays there first is captured.
#    A B C D E F G H J
#  9 . O X . O X . . .
#  8 . O X . O X . . .
#  7 . O X X O X . . .
#  6 . O O O X X . . .
#  5 . . . O X . . . .
#  4 . . . O X . . . .
#  3 . . . O X . . . .
#  2 . . . O X . . . .
#  1 . . . O X . . . .
loadsgf games/eyes-seki.sgf
40 final_status C9
#? [seki]
41 final_status E9
#? [seki]
42 final_status B9
#? [alive]
43 final_status F9
#? [alive]
44 countlib C9
#? [2]
45 countlib E9
#? [2]
46 findlib C9
#? [D9 D8]
47 attack C9
#? [0]
48 attack E9
#? [0]
# Legal, but it puts black's own string in atari.
49 is_legal black D9
#? [1]
50 final_status_list seki
#? [(((C9|C8|C7|D7) ){3}(C9|C8|C7|D7)|((E9|E8|E7) ){2}(E9|E8|E7))]
# The seki points are neutral: B 32, W 19.
51 final_score
#? [B\+13(\.0)?]
trymove black D9
52 countlib C9
#? [1]
53 attack C9
#? [1 D8]
popgo

# Eye spaces follow the colours' domains (docs/eyes.md). A lone black
# stone inside white's area: the points it contests are in both domains,
# so they are margins of small spaces worth nothing, for either side;
# J9, reached by neither domain, is in no eye space. Black's open area on
# the left is one large space, two eyes.
#    A B C D E F G H J
#  5 . . . X O . X . .   (columns D and E are walls from edge to edge)
loadsgf games/eyes-lone-stone.sgf
54 eval_eye B5
#? [2 2]
55 eval_eye F5
#? [0 0]
56 eval_eye H5
#? [0 0]
57 eval_eye J9
#? [-1]

# A corner eye with an empty diagonal both sides can play (B8): a half
# eye, worth one eye if black plays B8 first, none if white does. A6 is
# the middle of white's three-point space A6-B6-A5 (one eye, two if white
# plays A6). D5 is a false eye of black's: its diagonals are white's.
#    A B C D E F G H J
#  9 . X X . X . X . X
#  8 X . X O . X X X X
#  7 O O O X . O X X .
#  6 . . O X O X O X X
#  5 . O X . X . O X X
loadsgf games/eyes-domains-1.sgf
58 eval_eye A9
#? [0 1 B8 B8]
59 eval_eye A6
#? [1 2 A6 A6]
60 eval_eye B6
#? [1 2 A6 A6]
61 eval_eye D5
#? [0 0]
62 eval_eye E5
#? [-1]

# A three-point space on the edge (A9-C9): one eye, two if black takes
# the middle B9. E5, between stones of both colours, is a margin of a
# space worth nothing.
#    A B C D E F G H J
#  9 . . O X . O O . O
#  8 X X X X . X X O O
loadsgf games/eyes-domains-2.sgf
63 eval_eye A9
#? [1 2 B9 B9]
64 eval_eye C9
#? [1 2 B9 B9]
65 eval_eye E5
#? [0 0]
