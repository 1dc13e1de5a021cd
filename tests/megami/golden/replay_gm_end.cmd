# MG-GM-5: `gm end pc` after アリア's attack (initiative 6+6+5 = 17 against 1+1+2 = 4; attack 4+4+4 = 12
# against オーガ's evasion 1+2+1 = 4: hit; damage 5 + 6 − impact armor 2 = 9, オーガ 30 → 21): the combat is over
# in round 1 with the GM's winner, both still able (a count of the able would name nobody); オーガ never acts
fight --replay replay_gm_end.replay
