# MS-SW-BEST-1 MS-SW-OUT-1 the same in English: best, and * on value 2, issue 20
--lang en sweep ../../../examples/manastorm/table.yaml --vary battles=1..3 --runs 30 --seed 2 --jobs 1
