# --replay takes no scenario operand: a usage error
fight --lang en --replay replay_early.replay ../../../examples/megami/duel.yaml
