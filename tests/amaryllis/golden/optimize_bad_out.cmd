# --out to a folder that does not exist: the report is printed, the file
# error is said, status 1
optimize --lang en --evals 50 --field optimize/grisk.txt --out no_such_dir/best.txt >/dev/null
