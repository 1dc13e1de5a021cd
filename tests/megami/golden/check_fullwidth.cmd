# MG-SCN-KEY-4: full-width keys, words and numbers read as half-width (NFKC)
check scenarios/fullwidth.yaml
