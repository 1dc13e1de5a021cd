# MS-SCN-CLI-2: reading stops at the cap
check --max-bytes=1 /dev/zero
