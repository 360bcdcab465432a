# Semeai and seki: capturing races between adjacent dragons short of eyes.
# Our own positions (9x9).

# A simple seki. The white corner string (A3) has one eye (A2) and the
# black string around it one eye (D1); they share the liberty D3, which
# neither side can fill without putting itself in atari.
#    A B C D E F
#  5 O O O O O O
#  4 X X X X X O
#  3 O O O . X O
#  2 . O X X X O
#  1 O O X . X O
loadsgf games/semeai-seki.sgf
1 final_status A3
#? [seki]
2 final_status C2
#? [seki]
3 final_status F5
#? [alive]
4 dragon_status A3
#? [alive]
5 dragon_status C2
#? [alive]
# Each side moving first keeps the seki and captures nothing.
6 analyze_semeai A3 C2
#? [1 0 PASS]
7 analyze_semeai C2 A3
#? [1 0 PASS]

# A semeai won by the side with an eye: the black corner stones (B2) have
# the eye A1 and share C2 and C1 with the white string (D2), which has no
# eye; white cannot fill a shared liberty without self-atari.
#    A B C D E
#  4 X X X X X
#  3 O O O O X
#  2 X X . O X
#  1 . X . O X
loadsgf games/semeai-eye.sgf
11 dragon_status B2
#? [alive]
12 dragon_status D2
#? [dead]
13 analyze_semeai B2 D2
#? [1 1 (C2|C1)]
14 analyze_semeai D2 B2
#? [0 0 PASS]
15 final_status D2
#? [dead]

# Semeai decided by outside liberties: the white string A2-D2 has four
# liberties on the first line, the black string E2-J2 five; no liberty is
# shared, so black wins whoever moves first.
#    A B C D E F G H J
#  3 X X X X O O O O O
#  2 O O O O X X X X X
#  1 . . . . . . . . .
loadsgf games/semeai-outside.sgf
21 dragon_status B2
#? [dead]
22 dragon_status F2
#? [alive]*
23 analyze_semeai F2 B2
#? [1 1 [A-J]1]*
24 analyze_semeai B2 F2
#? [0 0 PASS]*

# The same race with four liberties each (J2 is white): whoever moves
# first wins, both strings are critical.
loadsgf games/semeai-even.sgf
31 dragon_status B2
#? [critical [A-H]1 [A-D]1]
32 dragon_status F2
#? [critical [A-D]1 [E-H]1]*
33 analyze_semeai B2 F2
#? [1 1 [A-H]1]
34 analyze_semeai F2 B2
#? [1 1 [A-H]1]*

# Not a race: white J2 is a lunch of the black corner (the reader captures
# it with J1; white saves it only through the ko-ish J5), and white H1 is in
# atari. The owl reads the black corner with its lunches; the race step must
# not read black against J2 and find black "alive" because J2 cannot win a
# race. Checked with GNU Go 3.8: critical J1 J1 (J3 defends as well).
loadsgf games/semeai-ko-lunch.sgf
40 dragon_status G1
#? [critical J1 (J1|J3)]

# A race too long to read out: the white dragon E9 (14 stones) surrounds
# the black stones D8-C7-B6, which have no eyes; white has no eye either
# unless it kills them. The owl cannot settle E9 within its nodes and the
# race reader runs out as well; but black's dragon is critical, and once
# white kills it at its attack point the owl finds E9 alive, so E9 is
# critical, not dead (a position of our own, after nicklas2.tst 902
# mirrored with a black stone at J2). Checked with GNU Go 3.8:
# critical PASS PASS (D8 critical D9 B8).
loadsgf games/semeai-surround.sgf
41 dragon_status E9
#? [critical (.*) (.*)]

# A dead stone inside a live dragon: black B4 sits in the eye space of the
# white dragon (second eye B1). The semeai step reads the pair with white
# moving first only (only a seki there could change black's status) and
# finds no seki. Checked with GNU Go 3.8: dead, alive, 0 0 PASS.
#    A B C D E F
#  6 O O O O O O
#  5 O . . . . O
#  4 O X . . . O
#  3 O . . . . O
#  2 O O O O O O
#  1 O . O . . .
loadsgf games/semeai-inside.sgf
50 dragon_status B4
#? [dead]
51 dragon_status A6
#? [alive]
52 analyze_semeai B4 A6
#? [0 0 PASS]
