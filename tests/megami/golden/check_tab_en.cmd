check --lang en scenarios/tab.yaml
