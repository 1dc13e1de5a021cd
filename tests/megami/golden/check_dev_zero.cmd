# MG-SCN-IN-3
check --max-bytes=1 /dev/zero
