# [11]: 5+6 = 11 is exactly the critical value: 自動成功; then 4+6 = 10 is not: 10+2 >= 10 成功
roll --dice 5,6,4,6 '2D6+2>=10[11]' '2D6+2>=10[11]'
