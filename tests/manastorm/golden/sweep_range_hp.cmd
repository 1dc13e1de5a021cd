# MS-SW-CHECK-1: hp 1…1000000; the first value out of range is named
sweep --runs 2 --vary participants.カイ.hp=5,9223372036854775807,0 ../../../examples/manastorm/table.yaml
