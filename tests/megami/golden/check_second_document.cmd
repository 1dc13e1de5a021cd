check scenarios/second_document.yaml
