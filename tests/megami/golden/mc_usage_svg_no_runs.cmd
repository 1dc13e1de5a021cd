fight --lang en --svg x.svg mc_party.yaml
