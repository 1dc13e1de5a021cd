# MS-SCN-CLI-1: every file is checked, headed by its name; exit 1 when one is bad
check ../../../examples/manastorm/table.yaml scenarios/no_warrior.yaml ../../../examples/manastorm/fixed_decks.yaml
