# Ladders and nets: tactical reading of a white stone with two liberties.
# Answers are "1 MOVE" (captured / saved) or "0"; every move listed in an
# alternative works (each was checked move by move). The reading tests are
# expected failures (*) only while tesuji cannot read them.

# A ladder with nothing in its way.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . X . . . .
#  5 . . . X O . . . .
#  4 . . . X . . . . .
#  3 . . . . . . . . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf games/ladder-works.sgf
1 attack E5
#? [1 F5]
2 defend E5
#? [1 (F1|G1|E2|F2|G2|H2|D3|E3|F3|G3|H3|E4|F4|G4|H4|F5|G5|F6)]
3 countlib E5
#? [2]
# The ladder, move by move.
play black F5
play white E4
4 countlib E5
#? [2]
5 attack E5
#? [1 E3]
6 defend E5
#? [1 (F1|G1|E2|F2|G2|H2|D3|E3|F3|G3|H3|F4|G4|H4|G5|F6)]
play black E3
play white F4
play black G4
play white F3
play black F2
play white G3
7 attack E5
#? [1 H3]
8 defend E5
#? [1 (F1|G1|E2|G2|H2|D3|H3|H4|G5|F6)]
play black H3
play white G2
play black H2
play white G1
9 attack E5
#? [1 (F1|H1)]
10 defend E5
#? [1 (F1|E2|D3|H4|G5|F6)]
play black H1
play white F1
11 countlib E5
#? [1]
12 findlib E5
#? [E1]
13 attack E5
#? [1 E1]
14 play black E1
#? []
15 captures black
#? [8]
16 color E5
#? [empty]

# A white stone on the ladder's path breaks it.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . X . . . .
#  5 . . . X O . . . .
#  4 . . . X . . . . .
#  3 . . . . . . O . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf games/ladder-broken.sgf
20 attack E5
#? [0]
# Running out, white reaches G3 and has three liberties.
play black F5
play white E4
play black E3
play white F4
play black G4
play white F3
21 countlib E5
#? [3]
22 attack E5
#? [0]

# A black stone on the path makes the ladder work even better.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . . . . . . .
#  6 . . . . X . . . .
#  5 . . . X O . . . .
#  4 . . . X . . . . .
#  3 . . . . . . X . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf games/ladder-breaker-black.sgf
30 attack E5
#? [1 (F5|G5|F6|G6)]
31 defend E5
#? [1 (E3|E4|F4|G4|F5|G5)]

# A net (geta): the ladder would not work, the loose move at F6 does.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . . .
#  7 . . . X . . . . .
#  6 . . . . . . . . .
#  5 . . . X O . . . .
#  4 . . . . X . X . .
#  3 . . . . . . . . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf games/net.sgf
40 attack E5
#? [1 (F6|G6|F7)]
41 defend E5
#? [1 (E3|F3|D4|F4|C5|F5|G5|C6|D6|E6|F6|G6|E7|F7)]
# Neither direct atari works.
trymove black E6
42 defend E5
#? [1 F5]
popgo
trymove black F5
43 defend E5
#? [1 E6]
popgo

# Without the helping stones, nothing captures.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . . . O .
#  7 . . . . . . . . .
#  6 . . . . . . . . .
#  5 . . . X O . . . .
#  4 . . . . X . . . .
#  3 . . . . . . . . .
#  2 . . . . . . . . .
#  1 . . . . . . . . .
loadsgf games/net-broken-ladder.sgf
50 attack E5
#? [0]
