# Ko results. Position made for tesuji; answers checked by hand and with GNU Go 3.8.
#
# White B2 is in atari inside black's shape; taking it at C2 is a ko capture,
# so the attack succeeds only as a ko black takes first (KO_A = 2).
loadsgf games/reading/ko.sgf
1 attack B2
#? [2 C2]
2 defend B2
#? [1 A1]
3 attack C3
#? [0]
