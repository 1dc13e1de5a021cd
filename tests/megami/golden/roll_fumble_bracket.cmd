# [,4]: 1+3 = 4 is exactly the fumble value: 自動失敗 (4+2 = 6); 2+3 = 5 is not: 5+2 = 7 < 10 失敗
roll --dice 3,1,2,3 '2D6+2>=10[,4]' '2D6+2>=10[,4]'
