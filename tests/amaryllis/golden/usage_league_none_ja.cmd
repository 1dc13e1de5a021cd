league
