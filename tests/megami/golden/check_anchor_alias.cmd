check scenarios/anchor_alias.yaml
