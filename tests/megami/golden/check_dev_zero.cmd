check --max-bytes=1 /dev/zero
