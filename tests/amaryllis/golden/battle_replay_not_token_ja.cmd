# LG-TOKEN-1: an empty --replay is not a token (Japanese by default).
battle --replay ''
