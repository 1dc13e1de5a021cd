# Rules: BU-STORE-4 (accepted: 子 has 素早さ 0, but an ally's 素早さ＋１＜対象１＞
#  can raise it).
check sheets/b_speed_ally.txt
