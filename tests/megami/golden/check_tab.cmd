check scenarios/tab.yaml
