# --tie-break ' -1': a blank then a minus was read as 2^64 - 1 (strtoull
# skips blanks and takes the sign); an option's number is digits only.
battle --tie-break ' -1' sheets/kou.txt sheets/otsu.txt
