# MG-SCN-LIMIT-2: fight reads the scenario as check does (it used to stop with "the attack damage overflows")
fight --lang en --seed 1 fight_number_range.yaml
