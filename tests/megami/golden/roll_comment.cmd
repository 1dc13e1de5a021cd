# after the first blank is a comment (an ideographic space too); leading blanks are skipped; lower case is upper case
roll --dice 5,2,5,2,1,1,1 '2D6+1>=8 命中判定 +3' '  2d6+1>=8' '3D6　ダメージ'
