# The throw-in as a counter-atari (branch points25). Position made for
# tesuji; answers checked with GNU Go 3.8, which gives the same.
#
#    E F G H J       Black G2-G3-G4-H4-H5-J5 has three liberties (H3, J4,
#  7 . . . O .       J6) and loses the race to white's J6. White G1 has two
#  6 . O O O .       liberties, F1 and H1, and both are self-atari points
#  5 . O O X X       for black: G1 is kept out of atari only by that. The
#  4 . O X X .       throw-in H1 ataris G1 and takes a liberty of H2-J2 at
#  3 . O X . X       once. White's F1 (saving G1) or J1 (taking the
#  2 . O X O O       stone) is answered by H3, the atari on H2-J2; white's
#  1 . . O . .       J6 by F1, taking G1.
loadsgf games/reading/counter_throw_in.sgf
901 defend G3
#? [1 H1]
902 attack G3
#? [1 J6]
