# MS-SCN-TOP-1, MS-SCN-PART-1: required keys
check scenarios/missing_participant_keys.yaml
