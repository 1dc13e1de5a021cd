# [c,f] forms: [12,] and [,] are not; @ does not go with []
roll '2D6[12,]' '2D6[,]' '2D6@11[12,2]'
