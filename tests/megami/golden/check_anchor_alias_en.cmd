check --lang en scenarios/anchor_alias.yaml
