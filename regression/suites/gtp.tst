# GTP edge cases: the protocol itself, errors, odd spacing, coordinates.
# Error texts are the ones GNU Go uses, which tools written for it expect.

1 protocol_version
#? [2]
2 name
#? [.+]
3 known_command play
#? [true]
4 known_command no_such_command
#? [false]
5 no_such_command
#? [unknown command]
6 boardsize 9
#? []
7 query_boardsize
#? [9]
8 boardsize 0
#? [unacceptable size]
9 boardsize 26
#? [unacceptable size]
10 boardsize x
#? [boardsize not an integer]
# Failed commands change nothing.
11 query_boardsize
#? [9]
12 komi 6.5
#? []
13 get_komi
#? [6.5]
14 komi x
#? [komi not a float]
15 komi
#? [komi not a float]
16 get_komi
#? [6.5]

# Moves: colours and vertices in any case, passes, errors.
17 play black E5
#? []
18 play white E5
#? [illegal move]
19 play black Z9
#? [invalid color or coordinate]
20 play purple E5
#? [invalid color or coordinate]
21 play black
#? [invalid color or coordinate]
22 play black A10
#? [invalid color or coordinate]
23 play black A0
#? [invalid color or coordinate]
# There is no column I.
24 play black I9
#? [invalid color or coordinate]
25 play black J9
#? []
26 play black pass
#? []
27 play white PASS
#? []
28 play b D4
#? []
29 play W c3
#? []
30 last_move
#? [white C3]
31 move_history
#? [white C3]
32 undo
#? []
33 last_move
#? [black D4]
34 color C3
#? [empty]
35 is_legal black E5
#? [0]
36 is_legal white
#? [invalid color or coordinate]
37 color
#? [invalid coordinate]
38 countlib E6
#? [vertex must not be empty]
39 findlib A1
#? [vertex must not be empty]

# Spacing: leading blanks, tabs, several spaces, trailing words.
   40   query_boardsize
#? [9]
41	query_boardsize
#? [9]
42 echo hello   world
#? [hello   world]
43 play black e6 extra words
#? []
44 color E6
#? [black]
# A multi-line answer starts with a newline: its first line is empty.
45 showboard
#? []

# Starting again.
46 clear_board
#? []
47 list_stones black
#? []
48 last_move
#? [no previous move known]
49 undo
#? [cannot undo]
# Komi survives clear_board; an empty board is won by komi alone.
50 get_komi
#? [6.5]
51 final_score
#? [W\+6.5]
52 genmove black
#? [[A-HJ]([1-9])|PASS|pass]
53 loadsgf games/nonexistent.sgf
#? [cannot open or parse .*]
# A board of 19 has T19; T20 is off it.
54 boardsize 19
#? []
55 play white T19
#? []
56 color t19
#? [white]
57 play black T20
#? [invalid color or coordinate]
58 loadsgf games/handicap-4.sgf O17
#? [black]
59 list_stones black
#? [D16 Q16 D4 Q4]
60 quit
#? []
