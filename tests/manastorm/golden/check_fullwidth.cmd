# MS-SCN-IN-3: full-width keys, words, numbers and cards read as half-width (NFKC)
check scenarios/fullwidth.yaml
