fight --lang en missing.yaml
