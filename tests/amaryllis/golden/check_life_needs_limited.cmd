# Rules: AM-CLASS-9 (ライフ与え needs リミテッド).
check sheets/life_needs_limited.txt
