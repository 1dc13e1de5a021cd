# MS-PT-CLI-1: an unknown --format
--lang en playtest ../../../examples/manastorm/table.yaml --format xml
