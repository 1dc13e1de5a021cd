# MS-PT-CLI-1: --runs 0 is a usage error
playtest ../../../examples/manastorm/table.yaml --runs 0
