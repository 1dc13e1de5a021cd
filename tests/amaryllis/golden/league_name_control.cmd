# Rules: AM-UNIT-7, LG-PAIR-1 (a sheet whose unit's name holds ESC is
# illegal: left out of the league with its error, exit 1; no escape
# sequence reaches the standings).
league sheets/ctl_name.txt ../../../examples/nut.txt ../../../examples/grisk.txt
