# Rules: BU-STORE-4 AM-CUST-1 (accepted: 斬る is spent in turn 1, 呼ぶ
#  runs in turn 2).
check sheets/b_limited_first.txt
