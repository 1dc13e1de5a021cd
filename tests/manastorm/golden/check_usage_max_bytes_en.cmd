# usage: --max-bytes from 1 to 1 GiB
check --lang en --max-bytes=2000000000 x.yaml
