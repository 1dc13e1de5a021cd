# D11: track's --max-bytes takes 1 to 1073741824 (1 GiB) as check's does; 0 is a usage error, exit 2
track --lang en --max-bytes 0 ../../../examples/megami/duel.yaml
