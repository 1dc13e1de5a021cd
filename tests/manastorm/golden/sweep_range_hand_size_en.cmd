# MS-SW-CHECK-1: the same for hand_size, in English
--lang en sweep --runs 2 --vary hand_size=1000001 ../../../examples/manastorm/table.yaml
