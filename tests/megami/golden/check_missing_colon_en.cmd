# check_missing_colon in English
check --lang en scenarios/missing_colon.yaml
