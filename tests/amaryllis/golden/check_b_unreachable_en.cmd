# Rules: BU-STORE-2 (every ビルディア is reachable by ビルド).
check --lang en sheets/b_unreachable.txt
