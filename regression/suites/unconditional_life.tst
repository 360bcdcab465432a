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
