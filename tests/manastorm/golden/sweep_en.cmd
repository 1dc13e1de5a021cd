# MS-SW-OUT-1: ジン's HP as a list, English
--lang en sweep ../../../examples/manastorm/table.yaml --vary participants.ジン.hp=5,10,15 --runs 40 --seed 1
