# MS-SCN-PART-2: unique, non-empty names
check scenarios/duplicate_name.yaml
