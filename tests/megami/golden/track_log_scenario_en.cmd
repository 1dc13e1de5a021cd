# MG-TRACK-5 (review D2): --log naming the scenario (./d3.yaml for d3.yaml)
# is refused before the fight, exit 1; the scenario is untouched and no
# temporary file is left.
--version >/dev/null; d=$(mktemp -d) && cp ../../../examples/megami/duel.yaml "$d/d3.yaml" && cd "$d" && "$AMARYLLIS" track --lang en --seed 3 --log ./d3.yaml d3.yaml; rc=$?; head -n 1 d3.yaml; ls -A; cd / && rm -rf "$d"; exit $rc
