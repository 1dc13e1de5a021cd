# MG-DICE-CLI-1 with --format json: every EXPR gets its line.  XX is no
# command: BCDice-API's {"ok":false,"reason":"unsupported command"}, its error
# with the caret on stderr, exit 1; 1D6 is still rolled with the first --dice
# value, 4: "(1D6) ＞ 4", no verdict (all four flags false), one d6 of 4,
# seed null (a fixed list).
roll --format json --dice 4 XX 1D6
