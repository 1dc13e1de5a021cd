# usage: --max-bytes from 1 to 1 GiB
check --max-bytes 0 x.yaml
