# MS-SCN-NUM-2, MS-SCN-PART-3: numbers out of range (D7.11, D1)
check scenarios/ranges.yaml
