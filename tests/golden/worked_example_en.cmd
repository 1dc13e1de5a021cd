# The same battle in English: same facts, same result (ヌト wins).
battle --lang en ../../examples/grisk.txt ../../examples/nut.txt
