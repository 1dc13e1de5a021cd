# LG-TOKEN-1: --token with --max-units is a usage error (it was ignored).
battle --token --max-units 10 sheets/kou.txt sheets/otsu.txt
