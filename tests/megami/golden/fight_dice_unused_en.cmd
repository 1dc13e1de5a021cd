# GM review W7 (M8.11): values of --dice that no die takes are ignored, and a note on stderr says how many.  fight_damage0_ja's 9 dice (3,4 1,1 3,3 1,2 5) and two more, 6,6: the same log, exit status 0, and "2 of the 11 --dice values were not used (the dice took the first 9)"
fight --lang en --dice 3,4,1,1,3,3,1,2,5,6,6 fight_damage0.yaml
