league --lang en --points=3,1,0,0 league
