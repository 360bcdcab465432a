# The fake engine crashes on test 2 and hangs on test 5; the runner must go
# on, with the position (the stones played) replayed on each new engine.
clear_board
play black C3
1 list_stones black
#? [C3]
2 crash_now
#? [never]
3 list_stones black
#? [C3]
play black D4
4 list_stones black
#? [C3 D4]
5 hang_now
#? [never]*
6 list_stones black
#? [C3 D4]
clear_board
play black E5
7 list_stones black
#? [E5]
8 crash_now
#? [never]
9 list_stones black
#? [E5]
