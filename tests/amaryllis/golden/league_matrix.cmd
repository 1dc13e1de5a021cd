# The cross table in rank order, on 2 threads (ties listed by name).
# Rules: LG-PAIR-1 LG-POINTS-1.
league --jobs 2 --matrix /tmp/am_golden_matrix_$$.csv league >/dev/null 2>&1; cat /tmp/am_golden_matrix_$$.csv; rm -f /tmp/am_golden_matrix_$$.csv
