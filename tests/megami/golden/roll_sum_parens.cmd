# AddDice.toml (dice sorted per term): ((2D6+1D4)*2) with 5,3,4 = (8+4)*2 = 24; 1D+4 is 1D6+4; (1+2)D4 is 3D4
roll --dice 5,3,4,6,1,2,3 '(2D6+1D4)*2' '1D+4' '(1+2)D4'
