fight --lang en fight_bad.yaml
