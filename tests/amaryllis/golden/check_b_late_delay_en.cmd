# Rules: BU-STORE-3 (死神 first buildable in turn 21: 遅延起動２１ on the
#  entry unit; derivation in the sheet).
check --lang en sheets/b_late_delay.txt
