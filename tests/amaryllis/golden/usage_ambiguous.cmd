league --lang en --max 5 league
