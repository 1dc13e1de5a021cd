# Rules: BU-STORE-3 BU-STORE-4 (子 in turn 21 at the earliest; 孫 only
#  through 子).
check --lang en sheets/b_builder_never.txt
