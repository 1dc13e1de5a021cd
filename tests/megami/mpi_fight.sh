#!/usr/bin/env bash
# mpi_fight.sh BIN MPIEXEC - megami fight --runs over 1, 2 and 3 MPI ranks on
# loopback (MG-MC-MPI-1, UT-CLI-MPI-1, MG-MC-SHARE-1) must print byte for
# byte what one process prints (any --jobs), text, JSON and the SVG, with a
# run count that no number of ranks divides, and fewer runs than ranks; a
# run that fails in a rank other than 0 is reported as one process reports
# it (the smallest failing run of all); an input error on one rank stops
# every rank with one exit status and no output (each mpirun has a
# timeout); one combat, and a replay, are rank 0's alone.
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mpiexec=${2:-mpirun}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ex=$here/../../examples/megami
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
me=mpi_fight
# shellcheck source=../mpi_series.sh
. "$here/../mpi_series.sh"

same text fight --runs 1001 "$ex/encounter_4v4.yaml"
same json fight --runs 1001 --seed 7 --format json --lang en "$ex/encounter_4v4.yaml"
same duel fight --runs 500 "$ex/duel.yaml"
same fewer_runs_than_ranks fight --runs 2 --format json "$ex/encounter_4v4.yaml"
# MG-MC-ERR-1 over ranks: of 30 runs with 300 events each, run 10 is the
# first to spend its budget: on rank 1 of 3 (runs 10-19), and rank 0 has
# none; the report names run 10 as one process does
same budget_rank1 fight --lang en --runs 30 --max-events 300 "$ex/encounter_4v4.yaml"
grep -Fqx "megami: fight: run 10 (seed 10) reached the limit of 300 events a run; --max-events raises the limit" \
	"$tmp/budget_rank1.3.err" || fail "budget_rank1: not run 10's message"

# a usage error on rank 1 only (mpirun's MPMD form): exit 2, rank 0 says so
stop usage_on_rank1 2 "megami: fight: stopped: 1 of 2 ranks failed" -- \
	-n 1 "$bin" fight --lang en --runs 100 "$ex/encounter_4v4.yaml" : \
	-n 1 "$bin" fight --lang en --runs 0 "$ex/encounter_4v4.yaml"
# an unreadable scenario on rank 2 of 3 only
stop missing_on_rank2 1 "megami: fight: stopped: 1 of 3 ranks failed" -- \
	-n 2 "$bin" fight --lang en --runs 100 "$ex/encounter_4v4.yaml" : \
	-n 1 "$bin" fight --lang en --runs 100 "$tmp/nowhere.yaml"
# other options on rank 1: the ranks would not fight the same series
stop other_seed_on_rank1 1 "megami: fight: the ranks did not read the same input and options (every rank must read the same files; standard input reaches rank 0 only)" -- \
	-n 1 "$bin" fight --lang en --runs 100 "$ex/encounter_4v4.yaml" : \
	-n 1 "$bin" fight --lang en --runs 100 --seed 1 "$ex/encounter_4v4.yaml"
# "-" would reach rank 0 only: refused before any rank reads (UT-CLI-MPI-2)
STDIN=$ex/encounter_4v4.yaml stop stdin_rank0_only 2 \
	"megami: fight: under mpirun, standard input (-) reaches rank 0 only: give the scenario as a file" -- \
	-n 2 "$bin" fight --lang en --runs 100 -
grep -q "empty" "$tmp/stdin_rank0_only.err" && fail "stdin_rank0_only: a rank read the empty input"
# a bad scenario and an --svg whose folder is missing, on 3 ranks: said
# once, by rank 0 (UT-CLI-MPI-3)
printf 'foo: [\n' >"$tmp/bad.yaml"
once bad_scenario 1 "$tmp/bad.yaml:1:7: error: YAML syntax error: a value is missing" -- \
	-n 3 "$bin" fight --lang en --runs 100 "$tmp/bad.yaml"
once svg_no_folder 1 "megami: fight: --svg $tmp/nodir/x.svg: the folder $tmp/nodir does not exist" -- \
	-n 3 "$bin" fight --lang en --runs 100 --svg "$tmp/nodir/x.svg" "$ex/duel.yaml"
# one combat (no --runs) on 3 ranks: rank 0 alone fights and prints, the
# log byte for byte one process's (every rank printed it, spliced)
"$bin" fight --seed 4 "$ex/duel.yaml" >"$tmp/one.out" 2>&1
mpi -n 3 "$bin" fight --seed 4 "$ex/duel.yaml" >"$tmp/one.3.out" 2>"$tmp/one.3.err"
if cmp -s "$tmp/one.out" "$tmp/one.3.out"; then
	echo "$me: one_combat: 3 ranks: same as one process"
else
	fail "one_combat: 3 ranks: stdout DIFFERS from one process ($(wc -l <"$tmp/one.3.out") lines)"
fi
# a replay (fight --replay) on 3 ranks: the same, rank 0 alone (every rank
# printed it, and a broken replay's error once per rank)
g=$here/golden
for fmt in text json; do
	"$bin" fight --format "$fmt" --replay "$g/replay_duel_seed3.replay" >"$tmp/replay.$fmt.out" 2>&1
	mpi -n 3 "$bin" fight --format "$fmt" --replay "$g/replay_duel_seed3.replay" \
		>"$tmp/replay.$fmt.3.out" 2>"$tmp/replay.$fmt.3.err"
	if [[ -s $tmp/replay.$fmt.out ]] && cmp -s "$tmp/replay.$fmt.out" "$tmp/replay.$fmt.3.out"; then
		echo "$me: replay_$fmt: 3 ranks: same as one process"
	else
		fail "replay_$fmt: 3 ranks: stdout DIFFERS from one process ($(wc -l <"$tmp/replay.$fmt.3.out") lines)"
	fi
done
once replay_syntax 1 "$g/replay_syntax.replay:4:10: error: 'two' is not a whole number" -- \
	-n 3 "$bin" fight --lang en --replay "$g/replay_syntax.replay"
exit $status
