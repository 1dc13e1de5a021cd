# --out to a folder that does not exist: said before the search (util/cli.h ut_cli_out_file; designer review 2026-12-06: a long run's file was refused only at its end), nothing printed, status 1
optimize --lang en --evals 50 --field optimize/grisk.txt --out no_such_dir/best.txt >/dev/null
