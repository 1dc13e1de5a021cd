# x is not part of any expression; あ neither (columns count characters)
roll 'x' 'あ2D6' '2D6+ｘ'
