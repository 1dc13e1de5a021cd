# roll_bad_clear in English.
roll --lang en -- 'choice[a]' 'choice4[a,b,c]' 'choice0[a,b,c]' 'choice[a,b' 'C()' 'C(1D6)' 'x3' '3B6+1' '2D6​' '2D6[99999999999999999999]'
