#!/usr/bin/env bash
# mpi_fail.sh BIN MPIEXEC - under mpirun, a league in which one rank fails
# must stop on every rank (no rank left waiting in a reduction: each run has
# a timeout), with the same exit status on every rank and the message
# expected on stderr, and nothing on stdout.
#
# Failures used:
#   - AMARYLLIS_TEST_FAIL_RANK=R, a test hook of the MPI build only: rank R
#     fails as if its share of the league could not be played;
#   - a real usage error on one rank only (mpirun's MPMD form gives rank 1
#     other arguments): before the ranks agreed on failure, rank 1 finalised
#     while rank 0 waited in MPI_Reduce, and the job hung;
#   - a sheet read from "-": mpirun gives standard input to rank 0 only, so
#     the ranks load different sheets (this used to print wrong standings).
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mpiexec=${2:-mpirun}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# OpenMPI refuses root unless told; CI runs as root.  Shared memory and
# loopback only.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
cd "$here/golden" || exit 2
# four legal sheets: a league of them exits 0
sheets=(league/grisk.txt league/kou.txt league/nut.txt league/otsu.txt)
# Each rank runs BIN through this wrapper, which reports its exit status.
wrap='b=$1; shift; "$b" "$@"; rc=$?; echo "exit status $rc on rank $OMPI_COMM_WORLD_RANK" >&2; exit $rc'
status=0

# run NAME WANT_RC NRANKS MESSAGE_LINE ("" for none) -- MPIEXEC_ARGS...
# MPIEXEC_ARGS use @BIN@ for "sh -c WRAP sh BIN".
run() {
	local name=$1 want=$2 nranks=$3 msg=$4 rc r ok=1
	shift 5
	local args=()
	for a in "$@"; do
		if [[ $a == @BIN@ ]]; then
			args+=(sh -c "$wrap" sh "$bin")
		else
			args+=("$a")
		fi
	done
	# Twice.  As users run it: mpirun's exit status is the first non-zero
	# one of a rank, and it then kills the others (so their wrappers may
	# not get to report).  Then with that abort off, so that every rank
	# reports its own status (mpirun then exits 0 whatever they return).
	timeout -k 10 120 "$mpiexec" --oversubscribe "${args[@]}" \
		>"$tmp/$name.out" 2>"$tmp/$name.err" <"${STDIN:-/dev/null}"
	rc=$?
	OMPI_MCA_orte_abort_on_non_zero_status=0 timeout -k 10 120 \
		"$mpiexec" --oversubscribe "${args[@]}" >/dev/null \
		2>"$tmp/$name.ranks" <"${STDIN:-/dev/null}"
	r=$?
	if [[ $rc -eq 124 || $rc -eq 137 || $r -eq 124 || $r -eq 137 ]]; then
		echo "mpi_fail: $name: HUNG (killed after 120 s)"
		ok=0
	elif [[ $rc -ne $want ]]; then
		echo "mpi_fail: $name: mpirun exit status $rc, expected $want"
		ok=0
	fi
	for ((r = 0; r < nranks; r++)); do
		if ! grep -Fqx "exit status $want on rank $r" "$tmp/$name.ranks"; then
			echo "mpi_fail: $name: rank $r did not exit with status $want"
			ok=0
		fi
	done
	# (in either run: a rank killed by mpirun may lose unread output)
	if [[ -n $msg ]] &&
	   ! grep -Fqxh -- "$msg" "$tmp/$name.err" "$tmp/$name.ranks"; then
		echo "mpi_fail: $name: stderr lacks the line: $msg"
		ok=0
	fi
	if [[ $want -ne 0 && -s $tmp/$name.out ]]; then
		echo "mpi_fail: $name: standings printed although the league failed"
		ok=0
	fi
	if [[ $want -eq 0 && ! -s $tmp/$name.out ]]; then
		echo "mpi_fail: $name: no standings"
		ok=0
	fi
	if [[ $ok -eq 1 ]]; then
		echo "mpi_fail: $name: ok (exit status $rc on every rank)"
	else
		echo "--- stdout"; cat "$tmp/$name.out"
		echo "--- stderr"; cat "$tmp/$name.err"
		echo "--- stderr (abort off)"; cat "$tmp/$name.ranks"
		status=1
	fi
}

lg=(league --lang en --jobs 1)

# the control: no failure, every rank exits 0
run control 0 2 "" -- -n 2 @BIN@ "${lg[@]}" "${sheets[@]}"

# the hook: rank 1 of 2, rank 2 of 3 (rank 0 says how many failed), and
# rank 0 of 2 (it says why itself)
AMARYLLIS_TEST_FAIL_RANK=1 run hook_rank1_of2 1 2 \
	"amaryllis: league: stopped: 1 of 2 ranks failed; no standings" \
	-- -n 2 @BIN@ "${lg[@]}" "${sheets[@]}"
grep -Fqxh "amaryllis: league: rank 1: failure injected by AMARYLLIS_TEST_FAIL_RANK (a test hook)" \
	"$tmp/hook_rank1_of2.err" "$tmp/hook_rank1_of2.ranks" ||
	{ echo "mpi_fail: hook_rank1_of2: rank 1 did not say why"; status=1; }
AMARYLLIS_TEST_FAIL_RANK=2 run hook_rank2_of3 1 3 \
	"amaryllis: league: stopped: 1 of 3 ranks failed; no standings" \
	-- -n 3 @BIN@ "${lg[@]}" "${sheets[@]}"
AMARYLLIS_TEST_FAIL_RANK=0 run hook_rank0_of2 1 2 \
	"amaryllis: league: failure injected by AMARYLLIS_TEST_FAIL_RANK (a test hook)" \
	-- -n 2 @BIN@ "${lg[@]}" "${sheets[@]}"

# a real usage error on rank 1 only: every rank exits 2
run usage_on_rank1 2 2 \
	"amaryllis: league: stopped: 1 of 2 ranks failed; no standings" \
	-- -n 1 @BIN@ "${lg[@]}" "${sheets[@]}" : \
	-n 1 @BIN@ league --lang en --jobs 0 "${sheets[@]}"

# "-" is read by rank 0 only: the ranks disagree on the sheets
STDIN=$here/../../examples/grisk.txt run stdin_rank0_only 1 2 \
	"amaryllis: league: the ranks did not load the same sheets (every rank must read the same files; standard input reaches rank 0 only)" \
	-- -n 2 @BIN@ "${lg[@]}" - league/kou.txt league/nut.txt

# the optimizer (MPI review 2026-12-06): "-" is refused before any rank
# reads (ranks 1 and up failed on an empty field, with no word); a usage
# error on rank 1 only is named by rank 0 (it said nothing)
op=(optimize --lang en --evals 10 --jobs 1)
STDIN=$here/../../examples/grisk.txt run optimize_stdin 2 2 \
	"amaryllis: optimize: under mpirun, standard input (-) reaches rank 0 only: give the sheets as files" \
	-- -n 2 @BIN@ "${op[@]}" --field - league/kou.txt
run optimize_usage_on_rank1 2 2 \
	"amaryllis: optimize: stopped: 1 of 2 ranks failed" \
	-- -n 1 @BIN@ "${op[@]}" --field "${sheets[@]}" : \
	-n 1 @BIN@ "${op[@]}" --bogus --field "${sheets[@]}"

exit $status
