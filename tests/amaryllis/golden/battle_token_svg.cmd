# LG-TOKEN-1: --token plays no battle, so --svg (which wrote nothing, with
# exit 0) is a usage error; no file is written.
battle --token --svg never-written.svg sheets/kou.txt sheets/otsu.txt
