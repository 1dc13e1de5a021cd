# Rules: LG-POINTS-1
# the same seed gives the same report on 1 and 2 threads (and --out writes the sheet)
optimize --evals 400 --seed 3 --jobs 1 --field optimize --out /tmp/amaryllis_golden_o1.$$ > /tmp/amaryllis_golden_j1.$$ && "$AMARYLLIS" optimize --evals 400 --seed 3 --jobs 2 --field optimize > /tmp/amaryllis_golden_j2.$$ && cmp /tmp/amaryllis_golden_j1.$$ /tmp/amaryllis_golden_j2.$$ && grep -v '^#' /tmp/amaryllis_golden_j1.$$ | cmp - /tmp/amaryllis_golden_o1.$$ && echo same; rc=$?; rm -f /tmp/amaryllis_golden_[oj][12].$$; exit $rc
