check --max-bytes 0 x.yaml
