# MS-PT-OUT-1: the same duels in English, one thread
--lang en playtest ../../../examples/manastorm/table.yaml --runs 50 --seed 7 --jobs 1
