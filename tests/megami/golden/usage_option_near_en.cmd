# a misspelt long option gets the nearest as a suggestion (--rnus:
# --runs), in English; exit 2
fight --rnus 3 --lang en examples/megami/duel.yaml
