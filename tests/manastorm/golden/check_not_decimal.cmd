# MS-SCN-NUM-1: plain decimal integers only
check scenarios/not_decimal.yaml
