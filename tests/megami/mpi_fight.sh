#!/usr/bin/env bash
# mpi_fight.sh BIN MPIEXEC - megami fight --runs over 1, 2 and 3 MPI ranks on
# loopback (MG-MC-MPI-1, UT-CLI-MPI-1, MG-MC-SHARE-1) must print byte for
# byte what one process prints (any --jobs), text, JSON and the SVG, with a
# run count that no number of ranks divides, and fewer runs than ranks; a
# run that fails in a rank other than 0 is reported as one process reports
# it (the smallest failing run of all); an input error on one rank stops
# every rank with one exit status and no output (each mpirun has a
# timeout).
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mpiexec=${2:-mpirun}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ex=$here/../../examples/megami
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# OpenMPI refuses root unless told; CI runs as root.  Shared memory and
# loopback only.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
status=0
fail() { echo "mpi_fight: $*"; status=1; }
mpi() { timeout -k 10 120 "$mpiexec" --oversubscribe "$@"; }

# same NAME ARGS...: one process (--jobs 2) against 1, 2, 3 ranks (--jobs 1,
# and 2 threads a rank on 2 ranks): stdout, the SVG, the exit status, and
# the first line of stderr (mpirun adds its own lines after a failure).
same() {
	local name=$1 rc0 rc k j
	shift
	"$bin" fight "$@" --jobs 2 --svg "$tmp/$name.svg" >"$tmp/$name.out" \
		2>"$tmp/$name.err" </dev/null
	rc0=$?
	for k in 1 2 3; do
		j=1; [[ $k == 2 ]] && j=2
		mpi -n "$k" "$bin" fight "$@" --jobs "$j" \
			--svg "$tmp/$name.$k.svg" >"$tmp/$name.$k.out" \
			2>"$tmp/$name.$k.err" </dev/null
		rc=$?
		if [[ $rc -ne $rc0 ]]; then
			fail "$name: $k ranks: exit status $rc, one process $rc0"
		elif ! cmp -s "$tmp/$name.out" "$tmp/$name.$k.out"; then
			fail "$name: $k ranks: stdout DIFFERS from one process"
			diff "$tmp/$name.out" "$tmp/$name.$k.out" | head -20
		elif [[ $rc0 -eq 0 ]] &&
		     ! cmp -s "$tmp/$name.svg" "$tmp/$name.$k.svg"; then
			fail "$name: $k ranks: the SVG DIFFERS from one process"
		elif [[ $(head -n 1 "$tmp/$name.err") != \
		        $(head -n 1 "$tmp/$name.$k.err") ]]; then
			fail "$name: $k ranks: stderr DIFFERS from one process"
			head -3 "$tmp/$name.err" "$tmp/$name.$k.err"
		else
			echo "mpi_fight: $name: $k ranks: same as one process"
		fi
	done
	[[ $rc0 -ne 0 || -s $tmp/$name.out ]] || fail "$name: no report"
}

same text --runs 1001 "$ex/encounter_4v4.yaml"
same json --runs 1001 --seed 7 --format json --lang en "$ex/encounter_4v4.yaml"
same duel --runs 500 "$ex/duel.yaml"
same fewer_runs_than_ranks --runs 2 --format json "$ex/encounter_4v4.yaml"
# MG-MC-ERR-1 over ranks: of 30 runs with 300 events each, run 10 is the
# first to spend its budget: on rank 1 of 3 (runs 10-19), and rank 0 has
# none; the report names run 10 as one process does
same budget_rank1 --lang en --runs 30 --max-events 300 "$ex/encounter_4v4.yaml"
grep -Fqx "megami: fight: run 10 (seed 10) reached the limit of 300 events a run; --max-events raises the limit" \
	"$tmp/budget_rank1.3.err" || fail "budget_rank1: not run 10's message"

# stop NAME WANT_RC LINE -- MPIEXEC_ARGS: every rank stops, mpirun exits
# WANT_RC, nothing on stdout, LINE on stderr.
stop() {
	local name=$1 want=$2 line=$3 rc
	shift 4
	mpi "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" <"${STDIN:-/dev/null}"
	rc=$?
	if [[ $rc -eq 124 || $rc -eq 137 ]]; then
		fail "$name: HUNG (killed after 120 s)"
	elif [[ $rc -ne $want ]]; then
		fail "$name: exit status $rc, expected $want"
	elif [[ -s $tmp/$name.out ]]; then
		fail "$name: a report although a rank failed"
	elif ! grep -Fqx -- "$line" "$tmp/$name.err"; then
		fail "$name: stderr lacks the line: $line"
	else
		echo "mpi_fight: $name: ok (exit status $rc)"
		return
	fi
	cat "$tmp/$name.err"
}

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
# "-" is read by rank 0 only
STDIN=$ex/encounter_4v4.yaml stop stdin_rank0_only 1 \
	"megami: fight: stopped: 1 of 2 ranks failed" -- \
	-n 2 "$bin" fight --lang en --runs 100 -
exit $status
