# The same league as JSON, with the rejected sheet listed.
# Rules: LG-PAIR-1 LG-POINTS-1.
league --format json league
