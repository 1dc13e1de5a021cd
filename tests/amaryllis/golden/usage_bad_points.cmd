league --points 3,1 league
