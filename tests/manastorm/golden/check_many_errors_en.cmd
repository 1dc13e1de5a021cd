# MS-SCN-DIAG-1, MS-SCN-DIAG-2: every problem, in the order of the text (MS-SCN-PART-8 among them: an empty deck)
--lang en check scenarios/many_errors.yaml
