# MS-SCN-IN-3, MS-SCN-CARD-2: suggestions for full-width values are measured after NFKC
check scenarios/fullwidth_bad.yaml
