# a bad scenario: located errors, exit 1
play --lang en scenarios/duplicate_name.yaml
