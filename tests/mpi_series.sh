# mpi_series.sh - sourced by tests/megami/mpi_fight.sh and
# tests/manastorm/mpi_playtest.sh: a series command over 1, 2 and 3 MPI
# ranks on loopback against one process (UT-CLI-MPI-1).  The sourcing
# script sets `me` (its name, for messages), `bin` (the program, an
# absolute path), `mpiexec` and `tmp` (a scratch folder), then calls
# `same` and `stop`, and exits with $status.

# OpenMPI refuses root unless told; CI runs as root.  Shared memory and
# loopback only.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
status=0
fail() { echo "$me: $*"; status=1; }
mpi() { timeout -k 10 120 "$mpiexec" --oversubscribe "$@"; }

# same NAME CMD ARGS...: one process (--jobs 2) against 1, 2, 3 ranks
# (--jobs 1, and 2 threads a rank on 2 ranks): stdout, the SVG, the exit
# status, and the first line of stderr (mpirun adds its own lines after a
# failure).
same() {
	local name=$1 cmd=$2 rc0 rc k j
	shift 2
	"$bin" "$cmd" "$@" --jobs 2 --svg "$tmp/$name.svg" >"$tmp/$name.out" \
		2>"$tmp/$name.err" </dev/null
	rc0=$?
	for k in 1 2 3; do
		j=1; [[ $k == 2 ]] && j=2
		mpi -n "$k" "$bin" "$cmd" "$@" --jobs "$j" \
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
			echo "$me: $name: $k ranks: same as one process"
		fi
	done
	[[ $rc0 -ne 0 || -s $tmp/$name.out ]] || fail "$name: no report"
}

# once NAME WANT_RC LINE -- MPIEXEC_ARGS: as stop, and LINE is on stderr
# once, not once per rank (UT-CLI-MPI-3: rank 0 says what is wrong with
# an input or an output file; MPI review 2026-12-06: every rank said it,
# the lines of the ranks mixed).
once() {
	local name=$1 n
	stop "$@"
	n=$(grep -Fxc -- "$3" "$tmp/$name.err")
	[[ $n -eq 1 ]] || fail "$name: the line is on stderr $n times, not once"
}

# stop NAME WANT_RC LINE -- MPIEXEC_ARGS: every rank stops, mpirun exits
# WANT_RC, nothing on stdout, LINE on stderr (standard input from $STDIN,
# else /dev/null).
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
		echo "$me: $name: ok (exit status $rc)"
		return
	fi
	cat "$tmp/$name.err"
}
