# MS-SW-CLI-1: --vary is required
sweep ../../../examples/manastorm/table.yaml --runs 5
