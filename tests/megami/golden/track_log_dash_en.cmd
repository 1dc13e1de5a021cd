# --log - wrote a file named "-": a usage error, as amaryllis's
# (before the scenario is read or a prompt shown).
--lang en track --log - --seed 1 ../../../examples/megami/duel.yaml
