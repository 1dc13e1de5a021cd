# MS-SCN-TOP-4: each side needs a warrior (D7.11)
check scenarios/no_warrior.yaml
