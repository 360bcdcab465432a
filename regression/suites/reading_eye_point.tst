# Eye-making points: a defence that does not connect but stands next to two
# or more of the string's liberties, so that the attacker can no longer
# approach there without self-atari. Positions made for tesuji; GNU Go 3.8
# gives the same answers.
#
# White G9-G8-H8-H7-J7 in the corner has liberties F9, H9 and J8. White J9
# (next to H9 and J8) makes two eyes; black J9 kills.
loadsgf games/reading/eye_point3.sgf
1 defend G9
#? [1 J9]
2 attack G9
#? [1 J9]
# Black's string at the bottom edge has four liberties C1, D1, F1 and E2.
# E1 touches three of them: black E1 lives, white E1 kills.
loadsgf games/reading/eye_point4.sgf
3 defend E3
#? [1 E1]
4 attack E3
#? [1 E1]
