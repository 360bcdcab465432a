# Unconditional life (Benson): a black group with two separate eyes lives
# whatever white does; the white stone in one of its eyes is dead and the
# eye points are black's territory. A corner with a single eye space, even
# with a white stone in it, proves nothing; nor does the open board.
#    A B C D E F G H J
#  4 . . . . O . . . .
#  3 X X X X O . X X X
#  2 . X . X O O X O .
#  1 O X . X . O X . .
loadsgf games/uncond-life.sgf
1 unconditional_status B3
#? [alive]
2 unconditional_status D1
#? [alive]
3 unconditional_status A1
#? [dead]
4 unconditional_status A2
#? [black_territory]
5 unconditional_status C1
#? [black_territory]
6 unconditional_status C2
#? [black_territory]
7 unconditional_status G3
#? [undecided]
8 unconditional_status H2
#? [undecided]
9 unconditional_status J1
#? [undecided]
10 unconditional_status E3
#? [undecided]
11 unconditional_status E7
#? [undecided]

# Two black strings that live only together: A9 and B8 are eyes of both,
# and neither would be enclosed without the other.
#    A B C D
#  9 . X O .
#  8 X . X O
#  7 X X X O
#  6 O O O O
loadsgf games/uncond-shared.sgf
12 unconditional_status B9
#? [alive]
13 unconditional_status A7
#? [alive]
14 unconditional_status A9
#? [black_territory]
15 unconditional_status B8
#? [black_territory]
16 unconditional_status C9
#? [undecided]

# Capture first: the black stone A8 and the white string B9-A7 are both in
# atari on A9. If white takes A8, black takes the five white stones back;
# the black group (eyes D9, D7) lives whatever white does, so A8 counts as
# alive, the white stones as dead and A9 as black's.
#    A B C D E F
#  9 . O X . X O
#  8 X O X X X O
#  7 O O X . X O
#  6 X X X X X O
#  5 O O O O O O
loadsgf games/uncond-snap.sgf
17 unconditional_status A8
#? [alive]
18 unconditional_status B9
#? [dead]
19 unconditional_status A7
#? [dead]
20 unconditional_status A9
#? [black_territory]
21 unconditional_status D7
#? [black_territory]
22 unconditional_status F9
#? [undecided]

# A black stone inside a white ring inside living black walls: white can
# capture D2, but then its eye space (C2 D3 E2 D1 around D2) is one eye,
# and the ring has no liberty outside. The ring is dead, D2 stands on
# black's territory and counts as alive.
#    A B C D E F G H J
#  5 X X X X X X X X X
#  4 X X O O O X X . .
#  3 X O O . O O X . .
#  2 X O . X . O X . .
#  1 X O O . O O X . .
loadsgf games/uncond-ring.sgf
23 unconditional_status D2
#? [alive]
24 unconditional_status C4
#? [dead]
25 unconditional_status F1
#? [dead]
26 unconditional_status C2
#? [black_territory]
27 unconditional_status D1
#? [black_territory]
28 unconditional_status H2
#? [undecided]

# Seki inside: the black pair C4-C3 in white's eye space shares its four
# liberties with the white group. If white captures it the two points are
# one eye, but black cannot take them back by alternating play: white lives
# in seki, so nothing is unconditional there, while the black wall lives.
#    A B C D E F G
#  6 O O O O O O X
#  5 O O . O O O X
#  4 O . X O O O X
#  3 O O X . O O X
#  2 O O . O O O X
#  1 O O O O O O X
loadsgf games/uncond-seki.sgf
29 unconditional_status C4
#? [undecided]
30 unconditional_status B4
#? [undecided]
31 unconditional_status A1
#? [undecided]
32 unconditional_status G4
#? [alive]
33 unconditional_status H4
#? [black_territory]
