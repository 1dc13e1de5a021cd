# Rules: LG-POINTS-1
optimize --lang en --help
