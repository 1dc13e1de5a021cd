# The work bound (BU-POP-3), in English: 蛆の母 against ヌト with
# --max-work 7; each actor of a step that is not empty counts 1.  Turn 0:
# nothing is usable (no 高速起動), an empty step.  Turn 1 (one
# simultaneous step: 素早さ 1 each): 命の剣 and 蛆産み, 2.  Turn 2: 蛆#2's
# 蛆産み, 蛆の母's 噛みつき and ヌト's 魔法剣, 3 (5).  Turn 3's step, of 蛆#3,
# 蛆#2 (nothing left), 蛆の母 and ヌト, would make 9: the battle stops
# there, before any of it, with the message in the language of --lang.
# Rules: BU-POP-3.
--lang en battle --max-work 7 ../../../examples/uji.txt ../../../examples/nut.txt
