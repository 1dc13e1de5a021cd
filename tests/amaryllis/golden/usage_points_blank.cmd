# --points ' 3,1,0': strtoll skipped the blank; each number is an
# optional '-' and digits.
league --points ' 3,1,0' ../../../examples/grisk.txt ../../../examples/nut.txt
