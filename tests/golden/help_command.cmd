help league
