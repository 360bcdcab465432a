# Handicap: fixed placement as the GTP specification gives it (vertices in
# board order, top to bottom, left to right), free placement, and handicap
# games loaded from SGF.

boardsize 19
clear_board
1 fixed_handicap 2
#? [Q16 D4]
clear_board
2 fixed_handicap 3
#? [D16 Q16 D4]
clear_board
3 fixed_handicap 4
#? [D16 Q16 D4 Q4]
clear_board
4 fixed_handicap 5
#? [D16 Q16 K10 D4 Q4]
clear_board
5 fixed_handicap 6
#? [D16 Q16 D10 Q10 D4 Q4]
clear_board
6 fixed_handicap 7
#? [D16 Q16 D10 K10 Q10 D4 Q4]
clear_board
7 fixed_handicap 8
#? [D16 K16 Q16 D10 Q10 D4 K4 Q4]
clear_board
8 fixed_handicap 9
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]
9 get_handicap
#? [9]
10 list_stones black
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]
11 color K10
#? [black]
12 fixed_handicap 2
#? [board not empty]
clear_board
13 fixed_handicap 1
#? [invalid handicap]
14 fixed_handicap 10
#? [invalid handicap]
15 fixed_handicap x
#? [handicap not an integer]
16 get_handicap
#? [0]

# Smaller boards.
boardsize 13
clear_board
20 fixed_handicap 5
#? [D10 K10 G7 D4 K4]
clear_board
21 fixed_handicap 9
#? [D10 G10 K10 D7 G7 K7 D4 G4 K4]
boardsize 9
clear_board
22 fixed_handicap 4
#? [C7 G7 C3 G3]
clear_board
23 fixed_handicap 7
#? [C7 G7 C5 E5 G5 C3 G3]
# 7x7 has no centre and side points for handicap: at most 4 stones.
boardsize 7
clear_board
24 fixed_handicap 4
#? [C5 E5 C3 E3]
clear_board
25 fixed_handicap 5
#? [invalid handicap]

# Free placement: any distinct points, as many as asked.
boardsize 19
clear_board
30 set_free_handicap D4 Q16 K10
#? []
31 get_handicap
#? [3]
32 list_stones black
#? [Q16 K10 D4]
clear_board
33 set_free_handicap D4
#? [invalid handicap]
34 set_free_handicap D4 D4
#? [repeated vertex]
35 place_free_handicap 4
#? [([A-HJ-T]([1-9]|1[0-9]) ){3}[A-HJ-T]([1-9]|1[0-9])]
36 get_handicap
#? [4]
37 place_free_handicap 2
#? [board not empty]
clear_board
38 place_free_handicap 1
#? [invalid handicap]

# A handicap game from SGF: HA[4], four stones, white to play first; two
# moves follow.
loadsgf games/handicap-4.sgf 1
40 get_handicap
#? [4]
41 list_stones black
#? [D16 Q16 D4 Q4]
42 get_komi
#? [0.5]
loadsgf games/handicap-4.sgf
43 list_stones black
#? [O17 D16 Q16 D4 Q4]
44 last_move
#? [black O17]
45 list_stones white
#? [R14]
