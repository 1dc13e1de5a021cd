# Rules: BU-BUILD-1 (ビルド needs 配置Ｎ).
check sheets/b_no_place.txt
