# MS-SCN-TOP-4: each side needs a warrior (D7.11)
--lang en check scenarios/no_participants.yaml
