# with 1: 3/2 = 1.5 → U 2 (C shown as U), F 1, R 2, / floor 1; 4/3 → U 2, R 1
roll --dice 1,1,1,1,1,1,1 '1D6+3/2U' '1D6+3/2C' '1D6+3/2F' '1D6+3/2R' '1D6+3/2' '1D6+4/3U' '1D6+4/3R'
