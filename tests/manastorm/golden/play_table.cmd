# MS-START-1 MS-LOG-1 MS-CLI-PLAY-1 the bundled table, seed 42, Japanese log
play --seed 42 ../../../examples/manastorm/table.yaml
