# MG-SCN-LIMIT-2: numbers beyond ±10^12, each reported at its value
check number_range.yaml
