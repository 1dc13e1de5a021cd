# MS-SCN-OUT-1: the comment line in English, the keys stay English
check --lang en ../../../examples/manastorm/table.yaml
