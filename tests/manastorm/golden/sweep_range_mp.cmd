# MS-SW-CHECK-1: a --vary value past the range a scenario file may give (mp 0…1000000) is refused like the file's, before any duel
sweep --runs 2 --vary participants.リナ.mp=9223372036854775807 ../../../examples/manastorm/table.yaml
