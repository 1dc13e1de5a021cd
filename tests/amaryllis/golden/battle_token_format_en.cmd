# LG-TOKEN-1: --token with --format is a usage error (it was ignored).
--lang en battle --token --format json sheets/kou.txt sheets/otsu.txt
