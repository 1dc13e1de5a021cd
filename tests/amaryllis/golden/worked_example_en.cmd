# The same battle in English: same facts, same result (ヌト wins).
# Rules: AM-RESULT-1 (the log's language changes nothing).
battle --lang en ../../../examples/grisk.txt ../../../examples/nut.txt
