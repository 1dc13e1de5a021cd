# MG-DICE-CLI-2 with --format json: an overflow when rolled (an nUx's
# modifier, then an SRS judgement's) gets BCDice-API's
# {"ok":false,"reason":"unsupported command"} like any bad EXPR, so every
# EXPR has its line; 1D6 before and after are rolled (5, then 4 after the
# dice 6,2 and 3,4 the bad ones took); exit 1.
roll --format json --dice 5,6,2,3,4,4 -- 1D6 '3U6[6]+9223372036854775807' '2D6+9223372036854775807>=8' 1D6
