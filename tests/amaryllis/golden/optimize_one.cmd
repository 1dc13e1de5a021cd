# Rules: LG-POINTS-1 AM-SYM-1
# a field of one sheet; what it prints is a sheet check accepts as it is
optimize --lang en --evals 300 --seed 7 --field optimize/grisk.txt > /tmp/amaryllis_golden_opt.$$ && "$AMARYLLIS" check --lang en /tmp/amaryllis_golden_opt.$$; rc=$?; rm -f /tmp/amaryllis_golden_opt.$$; exit $rc
