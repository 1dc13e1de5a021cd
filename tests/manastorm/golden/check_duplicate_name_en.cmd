# MS-SCN-PART-2: unique, non-empty names
--lang en check scenarios/duplicate_name.yaml
