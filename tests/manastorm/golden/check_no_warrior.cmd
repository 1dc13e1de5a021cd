# MS-SCN-TOP-3: each side needs a warrior (D7.11)
check scenarios/no_warrior.yaml
