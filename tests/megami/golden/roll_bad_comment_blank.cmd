# MG-DICE-ERR-1: a comment with no blank before it, right after a whole
# expression (2D6>=8攻撃, 1D6攻撃, 2D6@11>=8攻撃, 3B6攻撃, 3R6>=4攻撃), is
# said to need a blank (2D6>=8 攻撃), caret at its first character; inside an
# expression (1D6+攻撃) it stays unexpected.  BCDice answers none of them.
# Exit 1.
roll -- '2D6>=8攻撃' '1D6攻撃' '2D6@11>=8攻撃' '3B6攻撃' '3R6>=4攻撃' '1D6+攻撃'
