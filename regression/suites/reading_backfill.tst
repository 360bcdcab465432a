# Backfilling. Position made for tesuji; answers checked by hand and with GNU Go 3.8.
#
# White A3-D3-D2-D1 holds the corner with black B1 inside; black must fill
# from B2 to approach.
loadsgf games/reading/backfill.sgf
1 attack D3
#? [1 B2]
