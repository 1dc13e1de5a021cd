# roll --format json: BCDice-API's fields, hand-derived; 自動成功 is also a success and 自動失敗 a failure (as bcdice 4.9.0), rands in the order rolled, seed null for --dice
roll --format json --dice 5,2,6,6,1,1,3,4,1,6,5 '2D6+1>=8' '2D6>=13' '2D6+1>=3' '2D6' '1D6>=3' '2D6[]'
