# roll --format json: a bad fixed die is still named by its place in the list (the recorder passes the list's fields on); the line before it is printed
roll --format json --dice 3,6,7 '1D6' '2D6>=13'
