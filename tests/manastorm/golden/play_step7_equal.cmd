# MS-ADV-1, MS-LOG-1: step 7 shows the values it compares (printed + 2 for the favoured suit) and says when they are equal
play scenarios/step7_equal.yaml
