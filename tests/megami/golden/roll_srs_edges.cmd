# 2D6>=13 with 6,6: 自動成功 whatever the target; 2D6+1>=3 with 1,1: 2+1 = 3 but 自動失敗; 2D6-1>=12 with 6,6: 11 but 自動成功
roll --dice 6,6,1,1,6,6 '2D6>=13' '2D6+1>=3' '2D6-1>=12'
