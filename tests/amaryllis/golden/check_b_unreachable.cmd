# Rules: BU-STORE-2 (every ビルディア is reachable by ビルド).
check sheets/b_unreachable.txt
