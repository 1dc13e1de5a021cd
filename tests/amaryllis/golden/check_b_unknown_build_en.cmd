# Rules: BU-BUILD-1 (ビルド names a unit of the storage),
#  BU-STORE-2 (甲 is then never built).
check --lang en sheets/b_unknown_build.txt
