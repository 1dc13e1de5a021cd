# --svg - wrote a file named "-": a usage error, as amaryllis's.
playtest --runs 2 --svg - scenarios/cards.yaml
