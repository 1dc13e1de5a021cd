# MS-START-1 MS-LOG-1 MS-LOG-3 MS-CLI-PLAY-1 the bundled table, seed 42, Japanese log (陣営, the key to the step numbers)
play --seed 42 ../../../examples/manastorm/table.yaml
