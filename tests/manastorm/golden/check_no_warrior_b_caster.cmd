# MS-SCN-TOP-3: side B has a caster but no warrior: the error is at its side, not at side A's warrior
check scenarios/no_warrior_b_caster.yaml
