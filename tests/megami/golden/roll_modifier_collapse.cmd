# +1-2+3-4 = -2 shown once (SRS.toml): 7-2 = 5 < 8 失敗; 2D6+1-1[11,3] has no modifier shown
roll --dice 5,2,4,2 '2D6+1-2+3-4>=8' '2D6+1-1[11,3]'
