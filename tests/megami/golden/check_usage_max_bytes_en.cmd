check --lang en --max-bytes 1073741825 x.yaml
