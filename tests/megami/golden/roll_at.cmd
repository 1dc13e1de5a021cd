# 2D6@11 without target: 11 自動成功, 10 no verdict; 2D6#4: 1+3 = 4 自動失敗
roll --dice 5,6,4,6,3,1 '2D6@11' '2D6@11' '2D6#4'
