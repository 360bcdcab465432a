# A suite that fails on purpose, for the HTML report test.
boardsize 9
clear_board
play black C3
play white D4
1 list_stones black
#? [C3]
2 list_stones white
#? [E5]
3 countlib D4
#? [!4]
