# Rules: AM-UNIT-7 (a name may not hold a control character: ESC [31m in a
# unit's name would colour, or worse drive, the terminal of whoever reads
# the check or a hill's standings); the echoed line shows <U+001B>.
check sheets/ctl_name.txt
