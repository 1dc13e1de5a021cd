# LG-TOKEN-1: --token with --tie-break is a usage error (it was ignored).
battle --tie-break 1 --token sheets/kou.txt sheets/otsu.txt
