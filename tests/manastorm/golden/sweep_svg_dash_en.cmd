# --svg - wrote a file named "-" (outside review, CLI consistency D2): a
# usage error, as amaryllis's.
--lang en sweep --vary battles=1..2 --runs 2 --svg - scenarios/cards.yaml
