# Dragons: amalgamation of strings that cannot be separated, and not of
# those that can; status of a group with two eyes and of one that is
# captured.
#    A B C D E F G H J
#  7 . . X . X . . . .
#  4 . . . . . . . O .
#  3 . . X . . . . . .
#  2 . . . X . . X O X
# C3-D2: a diagonal with both connecting points empty (miai).
# C7-E7: a one-point jump with nothing of white's near.
# G2 and J2 are cut apart by the white stone at H2.
loadsgf games/dragons-amalgam.sgf
1 same_dragon C3 D2
#? [1]
2 same_dragon C7 E7
#? [1]
3 same_dragon G2 J2
#? [0]
4 same_dragon C7 C3
#? [0]
5 dragon_status C7
#? [alive]
# G2 is a dragon of its own.
6 dragon_stones G2
#? [G2 ?]

# Two eyes: the group in the corner lives; the single white stone in its
# eye is dead.
loadsgf games/uncond-life.sgf
7 dragon_status B3
#? [alive]
8 dragon_status A1
#? [dead]
9 same_dragon B3 D1
#? [1]
10 final_status A1
#? [dead]
11 final_status B2
#? [alive]

# Two links through one string that one opponent move threatens together:
# black D3 peeps at both the knight's move C3-E4 and the jump E4-E2, and
# white cannot mend both. Only the more valuable link (to C3, which brings
# D5 and D7 along) joins; GNU Go 3.8 agrees (disconnect C3 E2 = 1 D3).
loadsgf games/dragons-double-threat.sgf
12 same_dragon C3 E2
#? [0]
13 same_dragon C3 E4
#? [1]
14 same_dragon E4 E2
#? [0]

# An inhibited connection: black M12 hangs on M13 to N13 (white holds N12),
# and white can cut it off behind at M11 (then M13 cuts with atari). No
# connection passes through M13, so the knight's move L14-N13 and the eye
# space around M14 join nothing there: L14 and N13 are separate dragons,
# M12 stays with L11. With black at M11 the knight's move holds. GNU Go 3.8
# agrees on all four (its cutting pattern inhibits M13 too).
loadsgf games/dragons-inhibit.sgf
15 same_dragon L14 N13
#? [0]
16 same_dragon M12 L11
#? [1]
17 same_dragon P13 N13
#? [1]
play black M11
18 same_dragon L14 N13
#? [1]
