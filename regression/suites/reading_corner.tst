# A corner string with three liberties. Position made for tesuji; answers checked with GNU Go 3.8.
#
# White A3-B3-C3-C2-C1 has liberties A2, B2 and B1 in the corner; black A1
# inside: black wins the capturing race from A2 or B2.
loadsgf games/reading/corner.sgf
1 attack C3
#? [1 (A2|B2)]
2 defend C3
#? [0]
3 attack A1
#? [1 A2]
