# plain sums: 3D6+2 (5,2,3 → [2,3,5]) = 12; 2D6 alone; 2D6+1 (no @ # >= []) is a sum; 1D6 shows no middle part; D6 is 1D6
roll --dice 5,2,3,6,6,2,5,4,3 '3D6+2' '2D6' '2D6+1' '1D6' 'D6'
