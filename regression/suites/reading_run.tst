# Runs that gain no liberty: a string with three liberties that extends
# without gaining any only moves along; the reader tries such extensions
# last. Positions made for tesuji; GNU Go 3.8 gives the same answers.
#
# Black B2-C2 on the second line under a white wall, with white stones on
# the first line ahead: each step to the right keeps three liberties and
# runs into J2. White D2 kills; no run saves it.
loadsgf games/reading/run.sgf
1 attack B2
#? [1 D2]
2 defend B2
#? [0]
# Once black has run one step, the string is still dead.
trymove black D2
3 attack B2
#? [1 E2]
popgo
