# MS-LOG-1: English counts its nouns: "(1 outfit left)" after a caster at MP 0 uses up one of two 衣装; derivation in the scenario
play --lang en scenarios/one_outfit_left.yaml
