# MS-SCN-DIAG-2: at most 100 errors are shown, then how many more
--lang en check scenarios/over_100.yaml 2>&1 | tail -n 4
