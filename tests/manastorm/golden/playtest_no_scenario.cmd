# MS-PT-CLI-1: no scenario
playtest --runs 5
