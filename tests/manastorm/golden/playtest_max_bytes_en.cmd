# D11: playtest and sweep read the scenario with --max-bytes too: 100 bytes refuses table.yaml, naming the option (exit 1); 0 is a usage error (exit 2)
--version >/dev/null; "$AMARYLLIS" playtest --lang en --max-bytes 100 ../../../examples/manastorm/table.yaml; echo "exit $?"; "$AMARYLLIS" sweep --lang en --max-bytes 0 --vary battles=1,2 ../../../examples/manastorm/table.yaml; echo "exit $?"
