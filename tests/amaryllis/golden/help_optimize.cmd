# Rules: LG-POINTS-1
optimize --help
