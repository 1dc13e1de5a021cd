# MS-SCN-DIAG-2: <stdin> as the file name
--lang en check - < scenarios/many_errors.yaml 2>&1 >/dev/null | tail -n 3
