# MG-SCN-LIMIT-2: track reads the scenario as check does
track --lang en --seed 1 fight_number_range.yaml < /dev/null
