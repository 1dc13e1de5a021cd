# --svg - wrote a file named "-": a usage error, as amaryllis's.
fight --runs 2 --svg - mc_party.yaml
