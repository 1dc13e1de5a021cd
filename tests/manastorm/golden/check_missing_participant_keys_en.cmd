# MS-SCN-TOP-1, MS-SCN-PART-1: name, side, role are required; threshold is not (D1's default 7)
--lang en check scenarios/missing_participant_keys.yaml
