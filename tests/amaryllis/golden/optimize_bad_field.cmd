# Rules: AM-UNIT-4
# an illegal sheet and a missing file: located messages, no legal sheet left
optimize --lang en --field sheets/cost_mismatch.txt --field no_such_sheet.txt
