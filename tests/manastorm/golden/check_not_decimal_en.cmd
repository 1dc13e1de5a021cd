# MS-SCN-NUM-1: plain decimal integers only
--lang en check scenarios/not_decimal.yaml
