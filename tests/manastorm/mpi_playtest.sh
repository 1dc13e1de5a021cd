#!/usr/bin/env bash
# mpi_playtest.sh BIN MPIEXEC - manastorm playtest and sweep over 1, 2 and
# 3 MPI ranks on loopback (MS-PT-MPI-1, UT-CLI-MPI-1, MS-PT-SHARE-1) must
# print byte for byte what one process prints (any --jobs), text, JSON and the SVG, with
# run counts that no number of ranks divides, and fewer runs than ranks; a
# duel that fails in a rank other than 0 is reported as one process
# reports it (the smallest failing run of the first failing value); an
# input error on one rank stops every rank with one exit status and no
# output (each mpirun has a timeout).
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mpiexec=${2:-mpirun}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ex=$here/../../examples/manastorm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
me=mpi_playtest
# shellcheck source=../mpi_series.sh
. "$here/../mpi_series.sh"

t=$ex/table.yaml
same playtest_text playtest --runs 1001 "$t"
same playtest_json playtest --runs 1001 --seed 5 --format json --lang en "$t"
same playtest_fixed playtest --runs 500 "$ex/fixed_decks.yaml"
same playtest_fewer_runs_than_ranks playtest --runs 2 --format json "$t"
same sweep_text sweep --vary battles=1..3 --runs 301 "$t"
same sweep_json sweep --vary battles=1..3 --runs 301 --format json "$t"
same sweep_fewer_runs_than_ranks sweep --vary battles=1,2 --runs 2 "$t"
# MS-PT-ERR-1 over ranks: of 60 duels with 150 events each, run 33 is the
# first to spend its budget: on rank 1 of 2 (30-59) and of 3 (20-39)
same playtest_budget_rank1 playtest --lang en --runs 60 --max-events 150 "$t"
grep -Fqx "manastorm: playtest: run 33 (seed 33) reached the limit of 150 events a duel; --max-events raises the limit" \
	"$tmp/playtest_budget_rank1.3.err" ||
	fail "playtest_budget_rank1: not run 33's message"
# a sweep's: value 1 plays through, value 2 stops at run 33
same sweep_budget_rank1 sweep --lang en --vary battles=1..3 --runs 60 \
	--max-events 130 "$t"
grep -Fqx "manastorm: sweep: value 2:" "$tmp/sweep_budget_rank1.2.err" ||
	fail "sweep_budget_rank1: not value 2"

# a usage error on rank 1 only (mpirun's MPMD form): exit 2, rank 0 says so
stop playtest_usage_on_rank1 2 "manastorm: playtest: stopped: 1 of 2 ranks failed" -- \
	-n 1 "$bin" playtest --lang en --runs 100 "$t" : \
	-n 1 "$bin" playtest --lang en --runs 0 "$t"
stop sweep_usage_on_rank1 2 "manastorm: sweep: stopped: 1 of 2 ranks failed" -- \
	-n 1 "$bin" sweep --lang en --vary battles=1..2 --runs 100 "$t" : \
	-n 1 "$bin" sweep --lang en --vary battles=0..2 --runs 100 "$t"
# an unreadable scenario on rank 2 of 3 only
stop playtest_missing_on_rank2 1 "manastorm: playtest: stopped: 1 of 3 ranks failed" -- \
	-n 2 "$bin" playtest --lang en --runs 100 "$t" : \
	-n 1 "$bin" playtest --lang en --runs 100 "$tmp/nowhere.yaml"
# other values on rank 1: the ranks would not play the same sweep
stop sweep_other_vary_on_rank1 1 "manastorm: sweep: the ranks did not read the same input and options (every rank must read the same files; standard input reaches rank 0 only)" -- \
	-n 1 "$bin" sweep --lang en --vary battles=1..2 --runs 100 "$t" : \
	-n 1 "$bin" sweep --lang en --vary battles=1,3 --runs 100 "$t"
# "-" would reach rank 0 only: refused before any rank reads (UT-CLI-MPI-2)
STDIN=$t stop stdin_rank0_only 2 \
	"manastorm: playtest: under mpirun, standard input (-) reaches rank 0 only: give the scenario as a file" -- \
	-n 2 "$bin" playtest --lang en --runs 100 -
STDIN=$t stop sweep_stdin_rank0_only 2 \
	"manastorm: sweep: under mpirun, standard input (-) reaches rank 0 only: give the scenario as a file" -- \
	-n 2 "$bin" sweep --lang en --vary battles=1..2 --runs 100 -
# a bad scenario and an --svg whose folder is missing, on 3 ranks: said
# once, by rank 0 (UT-CLI-MPI-3)
printf 'foo: [\n' >"$tmp/bad.yaml"
once playtest_bad_scenario 1 "$tmp/bad.yaml:1:7: error: YAML syntax error: a value is missing" -- \
	-n 3 "$bin" playtest --lang en --runs 100 "$tmp/bad.yaml"
once sweep_bad_scenario 1 "$tmp/bad.yaml:1:7: error: YAML syntax error: a value is missing" -- \
	-n 3 "$bin" sweep --lang en --vary battles=1..2 --runs 100 "$tmp/bad.yaml"
once playtest_svg_no_folder 1 "manastorm: playtest: --svg $tmp/nodir/x.svg: the folder $tmp/nodir does not exist" -- \
	-n 3 "$bin" playtest --lang en --runs 100 --svg "$tmp/nodir/x.svg" "$t"
exit $status
