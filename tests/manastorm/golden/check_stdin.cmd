# MS-SCN-CLI-1: - reads standard input
check - < ../../../examples/manastorm/storm_card.yaml
