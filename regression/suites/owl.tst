# Owl: life-and-death reading of dragons (engine/src/owl, docs/owl.md).
# Positions of our own on 9x9 boards; GNU Go 3.8 gives the same answers.

# A straight four on the edge lives: no attack works.
#    A B C D E F G
#  3 O O O O O O .
#  2 X X X X X O .
#  1 . . . . X O .
loadsgf games/owl-straight-four.sgf
1 owl_attack A2
#? [0]
2 dragon_status A2
#? [alive]

# A straight three: B1 is the vital point of both sides.
#    A B C D E F
#  3 O O O O O .
#  2 X X X X O .
#  1 . . . X O .
loadsgf games/owl-straight-three.sgf
3 owl_attack A2
#? [1 B1]
4 owl_defend A2
#? [1 B1]
5 dragon_status A2
#? [critical B1 B1]
6 owl_does_attack B1 A2
#? [1]
7 owl_does_defend B1 A2
#? [1]
# C1 neither kills nor saves: the other side answers at B1.
8 owl_does_attack C1 A2
#? [0]
9 owl_does_defend C1 A2
#? [0]

# Two points of eye space: dead whoever moves.
#    A B C D E
#  3 O O O O .
#  2 X X X O .
#  1 . . X O .
loadsgf games/owl-two-point.sgf
10 owl_defend A2
#? [0]
11 owl_attack A2
#? [1 (A1|B1)]
12 dragon_status A2
#? [dead]

# Escape: two black stones against a white wall, the centre open.
#    A B C D E
#  4 . . O . .
#  3 . . O X .
#  2 . . O X .
#  1 . . O . .
loadsgf games/owl-escape.sgf
13 owl_attack D3
#? [0]
14 dragon_status D3
#? [alive]

# A lunch: the white stone C1 cannot escape; capturing it gives black
# its second eye, so black lives and C1 is dead.
#    A B C D E F
#  4 O O O O O O
#  3 X X X X X O
#  2 X . . . X O
#  1 . X O X X O
loadsgf games/owl-lunch.sgf
15 owl_attack A3
#? [0]
16 dragon_status C1
#? [dead]
17 dragon_status A3
#? [alive]
18 owl_defend C1
#? [0]

# Ko: black A1 and white B1 are both in atari. White C1 kills only
# through a ko (white takes first: code 2); black C1 lives outright.
#    A B C D E F
#  4 O O O O O O
#  3 X X X X X O
#  2 . X . X . O
#  1 X O . . X O
loadsgf games/owl-ko.sgf
19 owl_attack A3
#? [2 C1]
20 owl_defend A3
#? [1 C1]
21 owl_does_attack C1 A3
#? [2]
22 dragon_status A3
#? [critical C1 C1]

# The rectangular six in the corner with no liberties outside: the attacker
# kills at the 2-2 point, black lives at B1 or B2 (two eyes of one small
# space are not settled while the walls are short of liberties).
#    A B C D E
#  4 O O O O O
#  3 X X X X O
#  2 . . . X O
#  1 . . . X O
loadsgf games/owl-corner-six-short.sgf
23 owl_attack A3
#? [1 B2]
24 owl_defend A3
#? [1 (B1|B2)]
25 dragon_status A3
#? [critical B2 (B1|B2)]

# The same six with two liberties outside (D4, E1) lives.
loadsgf games/owl-corner-six-libs.sgf
26 owl_attack A3
#? [0]
27 dragon_status A3
#? [alive]

# Seven stones on the second line between two white stones on the edge
# (9x9): the first-line hane kills (owl_attack.db), black lives by
# playing there first.
#  3 O O O O O O O O O
#  2 O X X X X X X X O
#  1 . . . . . . . . .
loadsgf games/owl-second-line-seven.sgf
28 owl_attack D2
#? [1 (B1|H1)]
29 dragon_status D2
#? [critical (B1|H1) .*]

# Six stones on the second line die even if black plays first.
loadsgf games/owl-second-line-six.sgf
30 dragon_status D2
#? [dead]
31 owl_defend D2
#? [0]

# A half eye at the end of an eye space (9x9, verified with GNU Go 3.8):
# the space A1-A5 holds a dead white stone at A2, and A5 is only a half
# eye (white B6 makes it false). Valued with a virtual margin beside A5
# (and read by the eye-space solver, the shape not being in eyes.db) the
# space is one eye or two: white B6 kills, black A3 or B6 lives.
#  7 . . O
#  6 X . O
#  5 . X O
#  4 . X O
#  3 . X O
#  2 O X O O
#  1 . X . .
loadsgf games/owl-end-half-eye.sgf
32 owl_attack B2
#? [1 B6]
33 dragon_status B2
#? [critical B6 (A3|B6)]

# Five stones on the second line with a white stone under them on the
# first line (9x9). Black D1 seems to widen the space, but it joins the
# group only diagonally: white pushes in at D2 and black must connect
# at E1, on its own eye point. GNU Go: dead, and D1 fails to D2.
#  3 . . . O O O O O .
#  2 . . O . X X X X X
#  1 . . . . . . . O .
loadsgf games/owl-diagonal-cut.sgf
34 dragon_status F2
#? [dead]
35 owl_does_defend D1 F2
#? [0]
36 owl_does_attack D2 F2
#? [1]

# Growing a lunch that cannot be saved into a nakade (9x9). Black's corner
# seems to live: the white stone C1 is a lunch. White A1, and after black C2
# white B2 takes B1; black A2 leaves white A1 and B2 in atari, but white
# B1 joins them into four stones in atari in the shape of the pyramid four:
# black captures them with D1 and white plays B1 again, the vital point.
# GNU Go: critical A1 C2, and 1 B1 in the position after the four moves.
#  3 X X X O O O O
#  2 X O X X X O .
#  1 O . O . . O .
loadsgf games/owl-nakade-sacrifice.sgf 1
37 dragon_status B3
#? [critical A1 C2]
loadsgf games/owl-nakade-sacrifice.sgf
38 owl_attack B3
#? [1 B1]
39 owl_does_attack B1 B3
#? [1]

# A black group on the lower right edge of a 9x9 board with black H3
# inside and a white hane F1 on the first line. White kills with F2 or
# F3, black lives with G2 (GNU Go: critical F2 G2, and F3 attacks too).
# After B G2 W H1 B F3 W J2 (or W J1) black G1 makes two eyes at once,
# but it scored below the width four moves down: before the owl probed
# the defender's candidates beyond the width, it read the group dead.
#  5 . . . . O O O O O
#  4 . . . O O X X X X
#  3 . . . O X . . X X
#  2 . . . O X . . . .
#  1 . . . . O O . . .
loadsgf games/owl-edge-hane-inside.sgf
40 dragon_status G4
#? [critical (F2|F3) G2]
41 owl_does_defend G2 G4
#? [1]

# A one-point eye resting on a shortage of liberties: the white string
# A4-A3-B3 has two liberties, the eye C3 and B2. Black B2 (connected to
# A2) puts it in atari and white must fill its own eye: the corner gives
# one eye only. Counted as a proper eye by its diagonals, C3 let the owl
# call the group alive without reading (GNU Go: critical B2 B2; white B1
# lives too).
#  5 X X X X X X . . .
#  4 O X O O . X . . .
#  3 O O . O . X . . .
#  2 X . O O . X . . .
#  1 . . O O . X . . .
loadsgf games/owl-eye-short-of-liberties.sgf
42 dragon_status C2
#? [critical B2 (B2|B1)]
43 owl_attack C2
#? [1 B2]

# A wall string short of liberties. The space F2-H2, F1-J1 (seven
# points) is two eyes by its shape, and the group as a whole has two
# liberties outside it (D1, J4), but the wall E2-E1 is a string of its
# own with one liberty outside (D1) and two inside (F2, F1). Alive as it
# is (GNU Go too); after white D1 a white placement inside puts E2-E1 in
# atari and black has to fill its own space: critical, black lives with
# H1 (GNU Go: critical F2 H1; G2 kills too). Valued by the shape alone,
# the space let the owl stop at "alive" after D1.
#  5 . . . . . . . . O
#  4 . . . . O O O O .
#  3 . . . O O X X X X
#  2 . . . O X . . . X
#  1 . . . a X . . . .
loadsgf games/owl-wall-short.sgf
44 dragon_status F3
#? [alive]
loadsgf games/owl-wall-short-2.sgf
45 dragon_status F3
#? [critical (F2|G2) H1]
46 owl_attack F3
#? [1 (F2|G2)]
47 owl_defend F3
#? [1 H1]

# The block at the mouth of an edge space (owl_attack.db's OA40): four
# black stones on the second line in the corner, the white wall on the
# third line with its end at G3 and H2. White E2, the second-line block
# beside the wall stone E3, keeps black's space to the corner and kills;
# black E2 alone does not live (white answers at the 1-2 point), only B1
# does (verified with GNU Go 3.8: critical E2 B1; B1, E1, E2 and F1 all
# kill).
#  3 O O O O O O O . .
#  2 X X X X . . . O .
#  1 . . . . . . . . .
loadsgf games/owl-mouth-block.sgf
48 dragon_status B2
#? [critical (E2|E1|F1|B1) B1]
49 owl_does_attack E2 B2
#? [1]
50 owl_does_defend E2 B2
#? [0]

# The first-line hane against the descent: five black stones on the
# second line, white F2 at their end. The hane E1 under black's last
# stone kills; the descent F1 does not, black lives with E1 or B1
# (verified with GNU Go 3.8: critical E1 E1, owl_does_attack F1 gives 0).
#  3 O O O O O O . . .
#  2 X X X X X O . . .
#  1 . . . . . . . . .
loadsgf games/owl-edge-hane-descent.sgf
51 dragon_status B2
#? [critical E1 (E1|B1)]
52 owl_does_attack F1 B2
#? [0]
53 owl_does_defend B1 B2
#? [1]

# An attacker without a move to play (every goal liberty is suicide or
# self-atari for it) against a goal with one eye: black's H7 is an eye,
# the corner F9 rests on D9-E9, in atari at C9 outside the goal. White
# may pass; black cannot make a second eye (verified with GNU Go 3.8:
# dead, owl_attack J5; without the white stone H9 dead as well).
#  9 . . . X X . X O .
#  8 . . O O O X X X X
#  7 . . . . O O X . O
#  6 . . . . . O X X O
#  5 . . . . . O O O .
loadsgf games/owl-tenuki-false-eye.sgf
60 dragon_status G8
#? [dead]
61 owl_does_attack J5 G8
#? [1]
62 owl_defend G8
#? [0]
loadsgf games/owl-tenuki-open-corner.sgf
63 dragon_status G8
#? [dead]

# A lunch saved only through a ko, its rescue a self-atari (branch owlko):
# black captures white A2 at A1 only as a ko (B1 takes the capturing
# stone's other liberty); white's A1 joins A2 and B1 into three stones in
# atari, black takes them at C1 and white throws in at A1, the vital point
# of the bent three. GNU Go 3.8: owl_attack 1 A1 (C1, D1 and E1 give only
# the ko, code 3), owl_defend 2 A1 (black takes the ko first), critical
# A1 A1. Main before owlko: owl_attack 3 D1 (A1 was no candidate).
#  5 O O O O . . . . .
#  4 O X O O . . . . .
#  3 X X X O O . . . .
#  2 O X X X O O . . .
#  1 . O . . . O . . .
loadsgf games/owl-ko-lunch-nakade.sgf
64 owl_attack B2
#? [1 A1]
65 owl_does_attack D1 B2
#? [3]
66 owl_defend B2
#? [2 A1]
67 dragon_status B2
#? [critical A1 A1]

# An eyeless goal in seki with an eyeless attacker string (branch nick6,
# after the corner of ld_owl.tst 64 some moves down). The white B1-B2
# string has no liberty but A1 and C1, both black's too, and black's only
# other liberty is A4: after white B3 black does not fill A1 or C1, and
# neither does white (each would put its own string in atari). The
# defence node after B3 has no eye even with black first, so the rule
# that gives up an eyeless goal must not fire there. GNU Go 3.8:
# owl_attack 0, owl_defend 1 B3, alive. Without the seki guard of the
# rule: owl_attack 1 B3.
#  7 O O . . . .
#  6 X O O . . .
#  5 X X O O . .
#  4 . X X O . .
#  3 X . X O O .
#  2 X O X X O O
#  1 . O . X X O
loadsgf games/owl-seki-eyeless.sgf
68 owl_attack C4
#? [0]
69 owl_defend C4
#? [1 B3]
70 dragon_status C4
#? [alive]

# The extension along the second line (branch widen). Black lives only
# with A2: after white A1 the extension F2 along the wall widens the space
# (GNU Go: B1, F2 and G2 all defend there). Deep in the tree F2 scored as
# a plain liberty next to a white stone (15), below the width; main read
# the dragon dead. The attacker's block and hane at the head of such an
# extension are tried beside it, so that false extensions are refuted.
#    A B C D E F G H J
#  4 . O . . . . . . .
#  3 . O O O O O O O O
#  2 . X X X X . . . O
#  1 . . . . . . . . .
loadsgf games/owl-second-line-extension.sgf
71 dragon_status B2
#? [critical A2 A2]
72 owl_defend B2
#? [1 A2]
play black A2
play white A1
73 owl_does_defend F2 B2
#? [1]

# An open corner space (branch owlread; ld_owl.tst 303's corner, GNU Go as
# referee). After white F3 the goal counts two eyes, G2 (two empty
# diagonals) and the corner H1-J1-J2, open at J2 (J3 is as near to black
# as to white). The answer to the first move trusts closed spaces only and
# reads on: black J2, white J3, black H3 (an atari that also takes G2's
# diagonal) kills, so F3 is no defence (GNU Go: owl_attack after F3 is 1 J2).
#    A B C D E F G H J
#  5 . . . . X X X X X
#  4 . . . . X . X X .
#  3 . . . . X . O . .
#  2 . . . . X O . O .
#  1 . . . . X . O . .
loadsgf games/owl-open-corner-space.sgf
74 dragon_status G3
#? [critical (H3|J3|J2|F3|F1|H1) H3]
75 owl_does_defend F3 G3
#? [0]

# The defender's capture of a lunch beyond the width (branch width24; a
# corner of owl1.tst 326's game on a small board, GNU Go as referee).
# White G8 lives only through the ko at H8 (GNU Go: owl_defend 3 H8,
# dragon_status critical G9 H8; white H8 then black G9 or H8 kills too).
# Deep in the tree the defender's capture of a lunch scored below the
# width; tried beyond it, the ko is found, and it stands against the
# later candidates that win only because the budget ran out.
#    A B C D E F G H J
#  9 . . . . . . . . .
#  8 . . . . . X O . X
#  7 . X . . X . O . O
#  6 . . . . . X X O .
#  5 . X X X . . . X .
#  4 . . O O X . X . .
loadsgf games/owl-lunch-capture-ko.sgf
90 owl_defend G8
#? [3 H8]
91 dragon_status G8
#? [critical (G9|H8) H8]

# A goal string in atari joined to the rest (branch points24; ld_owl.tst
# 159's corner on a board of our own, GNU Go as referee: critical D2 B1,
# and white B1 kills too). After B B1 W A2 B D2 W B3 B B2 W A4, black B4
# and A3 are in atari and B3 joins them to the rest (GNU Go lives with
# it); that deep in the tree the tactical reader finds no rescue, and the
# defender tried B3 last, as a plain liberty outside its width, so B1 was
# refuted and the defence named was D2, found only out of nodes. The
# answer depends on the owl cache (an owl_does_defend B1 asked first
# leaves entries from another tree): one question on this position.
# Black D2 defends too (GNU Go 3.8: owl_attack C3 0 after it). Asked
# afresh, owl_does_defend B1 C3 answers 0 (1375 nodes); B1 came from
# entries the analysis left in the owl cache at other depths. Since the
# cache keeps the depth each node was read at (branch fake28), the
# analysis names D2.
#    A B C D E F G
#  5 O O O . . . .
#  4 . X O O . . .
#  3 X . X O O O O
#  2 . . X . . . .
#  1 . . . . . . .
loadsgf games/owl-join-in-atari.sgf
100 dragon_status C3
#? [critical (D2|A4|B1) (B1|D2)]

# A lunch whose capture leaves a false eye (branch attack24; GNU Go 3.8 as
# referee). White C1 is in atari beside black's corner eye A1; captured at
# D1 it leaves C1 with white D2 on its diagonal, on the edge: a false eye,
# and black is dead. With D2 black (E2 white) the eye is real: critical.
#    A B C D E          A B C D E
#  4 O O O O O        4 O O O O O
#  3 X X X O .        3 X X X O .
#  2 X X X O .        2 X X X X O
#  1 . X O . .        1 . X O . .
loadsgf games/owl-lunch-false-eye.sgf
80 dragon_status A2
#? [dead]
loadsgf games/owl-lunch-real-eye.sgf
81 dragon_status A2
#? [critical D1 D1]

# A defence the tactical reader finds by a throw-in (branch points25; GNU
# Go 3.8 as referee: `critical H1 H1`, and J6 kills as well). The rescue
# H1 of the goal string is a self-atari: it counter-ataris white G1, whose
# other liberty F1 is a self-atari point for black too (see
# reading_counter_throw_in.tst). The owl dropped the reader's rescue as a
# pointless self-atari and read the dragon dead.
loadsgf games/reading/counter_throw_in.sgf
121 dragon_status G3
#? [critical (J6|H1) H1]
122 owl_defend G3
#? [1 H1]

# A throw-in whose capture leaves a false eye (branch alive25; GNU Go 3.8
# as referee). Black A4-C1 has the corner square (one eye), B5-A7 the
# eye A6; A5 joins them. White A5 is in atari and dead, but black's
# capture at A6 leaves A5 false (white B4 on its diagonal, on the edge)
# and B5-A7 has no eye of its own: dead. The space A5-A6 with the white
# stone counted as one eye before (dragon_status alive).
#    A B C D E
#  8 O O O O .
#  7 X X . O .
#  6 . X . O .
#  5 . X . O .
#  4 X O O O .
#  3 X X X O .
#  2 . . X O .
#  1 . . X O .
loadsgf games/owl-throw-in-false-eye.sgf
111 dragon_status A4
#? [critical A5 A5]
loadsgf games/owl-throw-in-played.sgf
112 owl_defend A4
#? [0]
113 dragon_status B5
#? [dead]

# Lone dead stones grown into a nakade (branch alive25; GNU Go 3.8 the
# same). White A5 and B6 are dead, each alone in a one-point space of
# black's; captured, each point is an eye. White A6 joins them to A7
# (A5-A6-A7-B6, a pyramid four in atari at A8); black takes them and
# white plays A6 again: one eye. Black A6 first makes two. Each lone
# stone's space counts 0/1 now, A6 its vital point (0/0 before).
#    A B C D E
#  9 . O . . .
#  8 . O O O O
#  7 O X X . O
#  6 . O X . O
#  5 O X X . O
#  4 X X O O O
#  3 O O O . .
loadsgf games/owl-nakade-grow-lone-stones.sgf
114 owl_attack B5
#? [1 A6]
115 dragon_status B5
#? [critical A6 A6]

# A crawl along the second line stopped at its head (branch budget25;
# GNU Go 3.8 as referee). Black's corner group runs up the second line
# (M4, M5 ...) beside white's wall K4-L7. After B M3 white N2 kills
# (GNU Go too); B N2 lives. Main found no refutation of M3 in its 1000
# nodes: its attacker answered each step of the crawl with first-line
# moves first and the block at the head last, and the crawl went on to
# the reading depth. The block at the head tried first reads it in time.
#    J K L M N
#  7 . . O . .
#  6 . . O . .
#  5 . . O . .
#  4 . O O X .
#  3 O O X . O
#  2 . . X . .
#  1 . . . . .
loadsgf games/owl-crawl-head.sgf
101 dragon_status L3
#? [critical M3 N2]
loadsgf games/owl-crawl-head.sgf
102 owl_defend L3
#? [1 N2]

# A placement the defender captures is a question of tempo (branch
# space26; GNU Go 3.8 as referee: owl_attack 0, alive). White's
# placements inside black's corner (B2, three liberties) leave black
# A3 with one eye at most while B2 stands, but black's next move
# captures B2 and makes the second. deftree25's rule alone (a join to a
# single eye is no hope for an eyeless goal) gave the defence up there
# and read `1 B2`; the capture counted as black's first move
# (eyes::max_after_capture) keeps it.
#    A B C D E F
#  6 O O O . . .
#  5 X X O O . .
#  4 . X X O . .
#  3 . . X O O .
#  2 . . X X O O
#  1 . . . X X O
loadsgf games/owl-placement-tempo.sgf
123 owl_attack C4
#? [0]
loadsgf games/owl-placement-tempo.sgf
124 dragon_status C4
#? [alive]

# The attacker's tenuki when its moves only spoil an eyeless goal
# (branch lunch26; a position of our own, GNU Go 3.8 as referee:
# owl_attack 1 B1, owl_defend 1 B1). After W B1 B A4 W A1 B C1 W A2
# B A6 black has no eye even moving first; white's two inside moves
# the width leaves there (B2, B1) each let black run along the edge
# with A7 in our reading, while white's pass leaves black no way to
# live. Without the tenuki the attack read 0.
#    A B C D E
#  7 . O . . .
#  6 . O O O .
#  5 X X . O .
#  4 . X . O O
#  3 O X X . O
#  2 O O X X O
#  1 . . . X .
loadsgf games/owl-attacker-tenuki.sgf
133 owl_attack C3
#? [1 B1]
loadsgf games/owl-attacker-tenuki.sgf
134 owl_defend C3
#? [1 (B1|A4)]

# A first-line crawl where the attacker's wall ends (branch edge27; a
# position of our own from the ld19 corner of stop 26, GNU Go 3.8 as
# referee). Black has crawled A6-A7 under white B6-B7 towards the open
# A file. White's block A8 is cut by black B8 (white A8 in atari, black
# out); the hane B8, or the jump A9, kills: GNU Go owl_attack 1 B8,
# owl_does_attack A8 0, B8 1, A9 1. The head of the crawl is the hane
# from the second line where the wall ends, the block only where the
# wall covers the cut (`edge::extension_heads`).
#    A B C D E F G
#  8 . . . . . . .
#  7 X O . . . . .
#  6 X O O O . . .
#  5 X X . O . . .
#  4 . X . O O . .
#  3 O X X . O O .
#  2 O O X X . O .
#  1 . O . X O . O
loadsgf games/owl-crawl-wall-end.sgf
145 owl_attack A5
#? [1 (B8|A9|B9)]
loadsgf games/owl-crawl-wall-end.sgf
146 owl_does_attack A8 A5
#? [0]

# A small space holding a dead stone (branch space27; a position of our
# own, GNU Go 3.8 as referee: owl_attack 0, alive). Black's first line
# B1-G1 with white's A1 in atari in the corner: seven points, one of
# them the stone, a shape the eye database does not hold. Counted by
# its empty points it was one sure eye and two at most, and the owl read
# every white placement out (15 nodes); read by the eye-space solver it
# is two eyes with white moving first (1 node).
#    A B C D E F G H J
#  4 . . O . . O . . .
#  3 O O . O O . O O O
#  2 X X X X X X X X O
#  1 O . . . . . . X O
loadsgf games/owl-dead-stone-small-space.sgf
150 owl_attack B2
#? [0]
loadsgf games/owl-dead-stone-small-space.sgf
151 dragon_status B2
#? [alive]

# deep27a: a wall held only through a dead stone. Black's G1 touches the
# six-point space A1-F1 only through white's F1 (in atari) and has two
# liberties outside. White's G2 forces black to capture F1 from inside
# the space (or G1 falls and the space opens); the solver's two eyes
# (safe walls) are not sure, so the evaluation leaves the space unsettled
# (min 1, vital points G2 and H1). GNU Go: owl_attack 1 G2 (H1 does not
# kill, owl_does_attack 0). Below the root the same shape read as
# settled was ld_owl 8's wrong defence.
#    A B C D E F G H J
#  4 . . . . . . . . O
#  3 O O O O O O O O O
#  2 X X X X X X . O .
#  1 . O . . . O X . .
loadsgf games/owl-wall-through-dead-stone.sgf
160 owl_attack A2
#? [1 G2]

# save29: the attacker's refutation is the defender's key point. Black's
# top-edge group has one sure eye (J9); its second must come from
# white's E9-F9, which has three liberties: G9 inside, E8 (a pocket of
# black's D8, E7, F8) and D9 outside. Black D9 takes the outside one and
# leaves white no extension that is not a self-atari: E9-F9 is a lunch.
# D9 touches neither the goal nor its space, so the defender's generator
# never proposed it; it is the move white answers black's tries with,
# and the root now tries such refutations after its candidates fail.
# GNU Go: owl_defend 1 D9, critical E8 D9.
#    A B C D E F G H J
#  9 . . . . O O . X .
#  8 . O O X . X X X X
#  7 . . O O X O X O .
#  6 . . . O . O O O O
#  5 . . . O O O . . .
loadsgf games/owl-lunch-by-outside-liberty.sgf
230 owl_defend H8
#? [1 D9]

231 dragon_status H8
#? [critical E8 D9]

# A large eye space that touches the goal at one point only (branch
# quick29). White's top group C9-D7 has no eye of its own; the lower
# side, held by white's loose stones C5, E5, B3, F3, reaches it only at
# D6, between black C6 and E6. Black D6 cuts the space off and kills;
# white D6 connects and lives. Main counted the 28-point space two sure
# eyes and called the group alive (owl_attack 0). GNU Go: critical D6 D6.
#    A B C D E F G H J
#  9 . X O O O . . X .
#  8 X . O O O . . X .
#  7 . X X O X X X X .
#  6 . X X . X X . . X
#  5 X . O . O . . . .
#  4 . . . . . . . X .
#  3 . O . . . O . . .
loadsgf games/owl-space-single-contact.sgf
210 dragon_status D7
#? [critical D6 D6]
211 owl_attack D7
#? [1 D6]
212 owl_defend D7
#? [1 D6]

# kill29: a half eye at the end of a space whose contested diagonals lie
# both inside the space (a margin) and outside it. White's space E6-F6-F7
# has the margin F7 (beside black's G7 and F8); its far end E6 is a half
# eye: of its diagonals F5 is white, D7 and D5 are points black can take,
# and F7 is the margin. The eye database values "!.." as one sure eye,
# assuming E6 proper once black has filled the margin; but black F7
# fills the margin and takes E6's diagonal at once, and white has only
# the eye F4. The half eye now gets a virtual margin (its outside
# diagonals) as one whose contested diagonals all lie outside does.
# GNU Go: critical F7 F7 (after B F7 dead, after W F7 alive, both
# engines); main: alive.
#    A B C D E F G H J
#  8 . X . . . X X . .
#  7 . . X . O . X . .
#  6 . . . O . . O X .
#  5 . . X . O O O X .
#  4 . . . X O . O X .
#  3 . . . X O O O X .
#  2 . . . X X X X X .
loadsgf games/owl-half-eye-beside-margin.sgf
220 owl_attack E5
#? [1 F7]
221 dragon_status E5
#? [critical F7 F7]

# cut29: eyes count for the goal only through the strings that touch
# them. White's left part A6-E5 has the eye B5; the right part F6-J4
# holds the space F5-G5-H5, which the left part touches only at F5, a
# margin (beside black's F4). Black F5 cuts the goal in two and each
# part has one eye: dead. White F5 joins them: B5 and G5-H5, alive.
# Main counted both eyes for the whole goal (alive, owl_attack 0).
# GNU Go: critical F5 F5 (it reads the two parts as two dragons).
#    A B C D E F G H J
#  8 X X X X X X X X X
#  7 . . . . X . . . .
#  6 O O O O X O O O O
#  5 O . O O O . . . O
#  4 O O O O X X O O O
#  3 X X X X X X . . .
#  2 . . . . . X X X X
loadsgf games/owl-cut-margin.sgf
260 dragon_status E5
#? [critical F5 F5]
261 owl_attack E5
#? [1 F5]
262 owl_defend G6
#? [1 F5]
play B F5
263 owl_defend E5
#? [0]
264 owl_defend G6
#? [0]

# The same with E6 white: the two sides are one string, black F5 cuts
# nothing, and the goal keeps both eyes (all engines: alive).
loadsgf games/owl-cut-margin-joined.sgf
265 dragon_status E5
#? [alive]
266 owl_attack E5
#? [0]

# The first-line descent beside the edge eye (owl_attack.db OA5): black
# encloses E1 on two sides (E2, D1); white F1 descends from F2 and E1 has
# no third side, leaving the corner's one eye. GNU Go 3.8: dead, 1 F1.
#    A B C D E F G
#  4 O O O O O O .
#  3 X X X X X O .
#  2 . X X X X O .
#  1 . X X X . . .
loadsgf games/owl-edge-eye-descent.sgf
240 owl_attack A3
#? [1 F1]
241 dragon_status A3
#? [dead]

# A large space reached at one point by a goal that can run (branch
# speed30). Black's D14-H11 group touches the open centre (43 points) at
# J11 only, but it has room to run outside its spaces: white J11 does not
# shut it in. quick29's single-contact rule made J11 vital and the group
# critical (J11 J12); GNU Go 3.8: alive, owl_attack 0. Only a goal with no
# escape loses the space to the cut (owl.tst 210-212).
#    A B C D E F G H J K L
# 15 . X X O O O X . O O X
# 14 . O O X X X O . . . X
# 13 . . . O O X . . . . .
# 12 . . O . X X X O . . .
# 11 . . O X . O X X . . .
# 10 . . X O . O X O . . .
#  9 . . X O . . O . . . .
loadsgf games/owl-single-contact-runs.sgf
270 dragon_status D14
#? [alive]
271 owl_attack D14
#? [0]

# Dead attacker stones holding their space (branch walls30): black's
# D1-E1-F1 sit in the middle of white's five-point first-line space
# C1-G1. Black's stone at either end is a self-atari captured with the
# rest into a straight four, and white's wall has four outside liberties
# (B3, D3, F3, H3), more than the capture and the vital point after it
# take: two eyes, alive without a move. Main valued the space one eye
# (owl_defend 0). GNU Go 3.8: owl_defend 1 PASS, owl_attack 0, alive.
#    A B C D E F G H J
#  4 X X X X X X X X X
#  3 X . X . X . X . X
#  2 X O O O O O O O X
#  1 X O . X X X . O X
# (Branch walls31: after white B3 the wall has three outside liberties,
# the capture two: the wall game reads it alive, where main's count said
# black D3 kills and so never named B3. B3 fills an own liberty and
# changes nothing; GNU Go 3.8 after W B3: owl_attack 0.)
loadsgf games/owl-dead-line-held.sgf
280 owl_defend B2
#? [1 (PASS|B3)]
281 owl_attack B2
#? [0]
282 dragon_status B2
#? [alive]

# A lone jump through a gap in the wall (branch jump31): black's eyeless
# G12-K12 crawls along the second line under white's E11-L11 wall; white
# F13-G13 hanes on the first line. Black's jump E12 reaches for the open
# side, but the gap F12 has white on both sides (F13, F11): the cut joins
# white's strings and leaves E12 alone with two liberties. Once cut, the
# jump is no goal stone, so its run is not the goal's escape. All three
# engines agree; main read owl_defend in 63 nodes, now 9 (GNU Go 3.8:
# 3). GNU Go: owl_defend 0, dead; after B E12 owl_attack 1 F12.
#    A B C D E F G H J K L M N
# 13 . . . . . O O . . X . O .
# 12 . . . . . . X X X X O . .
# 11 . . . . O O O O O O O . .
loadsgf games/owl-jump-walled-gap.sgf
290 owl_defend H12
#? [0]
291 dragon_status H12
#? [dead]
play black E12
292 owl_attack H12
#? [1 F12]

# Dead attacker stones behind short walls (branch walls31): the board of
# 280-282 with black's stones on three (two) of the wall's four outside
# liberties. The wall has no more outside liberties than the capture and
# the vital point after it take, so walls30's test did not hold it; the
# local game with the wall string as its stones reads it: black's stone
# at either end is captured into a straight four, and filling the wall's
# last outside liberties only makes a seki. Main: three liberties
# critical D3, two owl_defend 0. GNU Go 3.8: owl_attack 0, owl_defend
# 1 PASS, alive in both.
#    A B C D E F G H J
#  4 X X X X X X X X X
#  3 X X X X X . X . X
#  2 X O O O O O O O X
#  1 X O . X X X . O X
loadsgf games/owl-dead-line-two-libs.sgf
310 owl_defend B2
#? [1 PASS]
311 owl_attack B2
#? [0]
312 dragon_status B2
#? [alive]

loadsgf games/owl-dead-line-three-libs.sgf
313 owl_attack B2
#? [0]
314 dragon_status B2
#? [alive]

# The same board with D9 empty (branch walls31): white's top group has
# one eye of its own at D9, and the lower side still reaches it only at
# D6. Black D6 takes the whole side and white's one eye dies; white D6
# lives. Main gave the cut-off side one sure eye (quick29's rule) and
# called the group alive with owl_attack 0. GNU Go 3.8: owl_attack 1 D6,
# owl_defend 1 D6, critical D6 D6.
loadsgf games/owl-space-single-contact-eye.sgf
315 owl_attack D7
#? [1 D6]
316 owl_defend D7
#? [1 D6]
317 dragon_status D7
#? [critical D6 D6]

# ld_owl 54's corner on 9x9 (branch ld54). Black J6 and J7 are false
# defences, J8 the only one. After B J6 W J8 B H8 W J7 B G9 W J9 B F9
# white waits (J5) and black dies: the corner lunch J7-J9 grown by H7 or
# H9 is a bent four, two eyes once captured; those gifts filled the
# width of the depth-6 node and main read J6 alive. After B J7 W H8 B
# J8, white H9 extends the lunch H8 that the reader cannot save onto
# black's capturing point (three liberties) and kills; main's depth-3
# node never tried it. GNU Go 3.8: owl_does_defend J6 0, J7 0, J8 1,
# owl_defend 1 J8, after B J7 owl_attack 1 H8 (its dragon_status says
# critical J6 J8; ours and GNU Go's owl_does_attack agree on J8 and H8).
#    A B C D E F G H J
#  9 . . . . X O . . .
#  8 . . O O O X X . .
#  7 . . . O O O X . .
#  6 . . . . . O X X .
#  5 . . . . . O O O .
#  4 . . . . . . . O .
loadsgf games/owl-corner-false-defences.sgf
318 owl_does_defend J6 G6
#? [0]
319 owl_does_defend J7 G6
#? [0]
320 owl_does_defend J8 G6
#? [1]
321 dragon_status G6
#? [critical (J6|J7|J8|H8|D9|G9) J8]
loadsgf games/owl-corner-false-defences.sgf
play black J7
322 owl_attack G6
#? [1 H8]

# The seal above a first-line lunch (branch ld159; GNU Go 3.8 as referee).
# ld_owl 159's corner (owl.tst 100's board) after B B1 W B3 B B2 W A4,
# black to move. Black D2 lives: after W D1 the lunch D1 can still be
# saved (E1 runs along the edge, E2 connects it towards the wall), and
# black's E2 beside D2 leaves it no rescue, where the atari E1 is
# answered by W E2. Main scored E2 as a plain liberty (15), below the
# width two moves down, and read D2 as dead (owl_defend 0, dead).
# GNU Go: owl_defend 1 D2, critical D2 D2; A2 kills too
# (owl_does_attack A2 1).
loadsgf games/owl-seal-above-first-line-lunch.sgf
323 owl_defend C3
#? [1 D2]
324 dragon_status C3
#? [critical (A2|D2) D2]

# The attacker's answer that leaves a defence only a ko is tried next
# (branch refute33; GNU Go 3.8 as referee). ld_owl 65's corner on 9x9:
# black's C1 comes first in the root's order (the lookahead sees two
# eyes after it) but only makes a ko, which white starts with A2. A2 is
# the defender's key point too: black A2 lives outright, and so does D1
# (eighth in order). Main read D1 after C1 and named it; GNU Go names A2.
# GNU Go: owl_defend 1 A2, owl_does_defend C1 2, D1 1, critical A2 A2.
loadsgf games/owl-ko-answer-first.sgf
325 owl_defend B2
#? [1 A2]
326 owl_does_defend C1 B2
#? [2]
327 owl_does_defend D1 B2
#? [1]
328 dragon_status B2
#? [critical A2 A2]

# An attacker string the goal has shut in is an eye it may still capture
# (branch ld52; GNU Go 3.8 as referee). ld_owl 52's corner on 9x9 after
# B B1: white's A2 joins A3 into a pair that reaches nothing beyond
# black's liberties; black D1 then makes C1 half an eye, and the pair's
# capture is the other eye. Main gave the node after W A2 up as
# "no eye to make" (no eye, no escape, no lunch; no move made a sure
# eye) and killed with A2. GNU Go: owl_attack 0; after W A2 owl_defend
# 1 D1, the only defence.
loadsgf games/owl-shut-in-pair.sgf
329 owl_attack C4
#? [0]
330 owl_does_attack A2 C4
#? [0]
play W A2
331 owl_defend C4
#? [1 D1]

# ld_owl 30's corner on 9x9 (branch ld30; GNU Go 3.8 as referee): the
# position P2 of ld8 (after W Q18 B T14 W T17 B S17 W S19 B S14) with the
# board's edge two lines below black's S14-T14. White kills with J6
# (ld8's T16). Main read 1000 nodes and answered 0: its defence nodes
# with no eye and only lunches white cannot save (or whose capture leaves
# a false eye) were read on instead of given up, and the edge three
# H3-J3-J2 (no eye) named its half eye's diagonal H2 vital.
# Main: owl_does_attack J6 0 as well, dragon_status alive.
# GNU Go: owl_attack 1 J6 (27 nodes), owl_defend 0, dead; we read
# owl_defend 1 J6 (critical), so dragon_status is not asked.
loadsgf games/owl-edge-three-under-wall.sgf
332 owl_attack H8
#? [1 J6]
333 owl_does_attack J6 H8
#? [1]

# The defender's self-atari that puts an attacker string in atari is a
# candidate inside the eye space (branch catari; GNU Go 3.8 as referee).
# ld_owl 160's corner on 9x9 after W B16 B A17 W B19 B B18: after W C9
# black A9 ataris B9-C9; white's capture at A8 leaves a ko, and black C8
# takes the pair otherwise. Main dropped A9 as a pointless self-atari
# (only the reader's rescues of weak strings were let through), read the
# node after W C9 dead and killed with C9. GNU Go: owl_attack 2 E9,
# owl_does_attack C9 0; after W C9 owl_defend 1 A9.
loadsgf games/owl-counter-atari.sgf
334 owl_attack C7
#? [2 E9]
335 owl_does_attack C9 C7
#? [0]
play W C9
336 owl_defend C7
#? [1 A9]

# An escape along the first line only is no way out (stop 35). Black's
# corner B7-C7-D8-D9 reaches open points past the end of white's wall
# only by a crawl down the A line or along the top edge. After W B9 the
# defence nodes whose only escape is such a crawl are given up
# (`hopeless`) unless the defender's move is its own second-line
# extension beside the wall. Main read the corner for a ko (2 B9) and
# ran out of its 1,000 nodes; GNU Go 3.8: owl_attack 1 B9, after W B9
# owl_defend 0, after B B8 or B B9 owl_attack 0.
loadsgf games/owl-first-line-escape.sgf
337 owl_attack B7
#? [1 B9]
338 owl_defend B7
#? [1 (B8|B9)]
play W B9
339 owl_defend B7
#? [0]
