#!/usr/bin/env bash
# mpi_league.sh BIN MPIEXEC - the league split over 2, 3 and 4 MPI ranks on
# loopback must print the same standings and cross table as one process.
set -euo pipefail
bin=$1
mpiexec=${2:-mpirun}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# OpenMPI refuses root unless told; CI runs as root.  Shared memory and
# loopback only.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
sheets=(examples tests/amaryllis/golden/league tests/amaryllis/golden/sheets/halfwidth.txt)
status=0
"$bin" league --jobs 1 --format csv --matrix "$tmp/one.csv" "${sheets[@]}" \
	> "$tmp/one.out" 2>/dev/null || true
for k in 2 3 4; do
	"$mpiexec" --oversubscribe -n "$k" "$bin" league --jobs 1 --format csv \
		--matrix "$tmp/mpi$k.csv" "${sheets[@]}" > "$tmp/mpi$k.out" \
		2> "$tmp/mpi$k.err" || true
	if cmp -s "$tmp/one.out" "$tmp/mpi$k.out" &&
	   cmp -s "$tmp/one.csv" "$tmp/mpi$k.csv"; then
		echo "mpi_league: $k ranks: same standings and cross table"
	else
		echo "mpi_league: $k ranks DIFFER from one process:"
		diff -u "$tmp/one.out" "$tmp/mpi$k.out" || true
		diff -u "$tmp/one.csv" "$tmp/mpi$k.csv" || true
		cat "$tmp/mpi$k.err"
		status=1
	fi
done
[ -s "$tmp/one.out" ] || { echo "mpi_league: no standings"; status=1; }
exit $status
