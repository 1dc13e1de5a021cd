# D66, the secret S and dice filters (KH) are not (yet) supported
roll '2D66' 'S2D6' '5D10KH3'
