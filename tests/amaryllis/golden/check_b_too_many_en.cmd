# Rules: BU-STORE-1 (at most 愛 ビルディア), BU-STORE-2 (乙 is never
#  built).
check --lang en sheets/b_too_many.txt
