#!/usr/bin/env bash
# mpi_optimize.sh BIN MPIEXEC - the optimizer's evaluations split over 2 and
# 3 MPI ranks on loopback must give the same report (best sheet, record,
# totals, history) as one process with the same seed (docs/OPTIMIZE.md).
set -euo pipefail
bin=$1
mpiexec=${2:-mpirun}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
field=(--field examples --field tests/amaryllis/golden/league/grisk.txt
       --field tests/amaryllis/golden/league/kou.txt --field tests/amaryllis/golden/league/otsu.txt)
status=0
for b in "" --buildia; do
	"$bin" optimize --jobs 1 --evals 600 --seed 9 --format json $b \
		"${field[@]}" > "$tmp/one.json" 2>/dev/null
	for k in 2 3; do
		"$mpiexec" --oversubscribe -n "$k" "$bin" optimize --jobs 1 \
			--evals 600 --seed 9 --format json $b "${field[@]}" \
			> "$tmp/mpi$k.json" 2> "$tmp/mpi$k.err" || true
		# the battles played are per rank: compare the rest
		if cmp -s <(grep -v '"battles_this_process"' "$tmp/one.json") \
		          <(grep -v '"battles_this_process"' "$tmp/mpi$k.json"); then
			echo "mpi_optimize: $k ranks${b:+ $b}: same report"
		else
			echo "mpi_optimize: $k ranks${b:+ $b} DIFFER from one process:"
			diff -u "$tmp/one.json" "$tmp/mpi$k.json" || true
			cat "$tmp/mpi$k.err"
			status=1
		fi
	done
	grep -q '"sheet"' "$tmp/one.json" || { echo "mpi_optimize: no report"; status=1; }
done
exit $status
