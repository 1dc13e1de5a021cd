# MS-PT-CLI-1: a bad scenario is reported located, exit 1
playtest scenarios/no_warrior.yaml --runs 5
