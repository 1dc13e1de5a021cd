# --max-units 10 stops the battle when an 11th unit would be made, not at
# the 10th: after turn 2 列, 壁 and eight Ｑ are 10 units (all listed); in
# turn 3 列's first ビルド would make the 11th, so the battle stops there:
# its line ends with ⇒ここで中断 (it has no outcome), and the message says
# the limit would be exceeded (it said 達しました, reached).  Exit 1.
# Rules: BU-POP-1 BU-PLACE-1.
battle --max-units 10 sheets/b_row.txt sheets/wall.txt
