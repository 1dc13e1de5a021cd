# Rules: BU-STORE-4 (子 has 素早さ 0 and nothing raises it: it never acts).
check sheets/b_no_speed.txt
