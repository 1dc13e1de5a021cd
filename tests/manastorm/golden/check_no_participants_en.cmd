# MS-SCN-TOP-3: each side needs a warrior (D7.11)
--lang en check scenarios/no_participants.yaml
