# An OSC "set title" sequence (ESC ] 0 ; … BEL) after an action's class: the
# message's quote and the echoed line show ESC and BEL as <U+001B> and
# <U+0007> (nothing reaches the terminal raw), the caret counts 8 columns
# for each.
check sheets/ctl_osc.txt
