league --lang en --jobs 0 league
