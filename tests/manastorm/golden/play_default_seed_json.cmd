# MS-RNG-1 MS-CLI-PLAY-1 without --seed the seed is 0
play --format json ../../../examples/manastorm/table.yaml
