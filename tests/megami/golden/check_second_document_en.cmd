check --lang en scenarios/second_document.yaml
