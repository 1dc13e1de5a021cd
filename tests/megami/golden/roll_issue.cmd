# the issue: dice 5,2 sorted [2,5]; 7+1 = 8 >= 8: 成功 (SRS.toml)
roll --dice 5,2 '2D6+1>=8'
