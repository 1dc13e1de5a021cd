# MS-SCN-CLI-2: a file over --max-bytes
--lang en check --max-bytes 100 ../../../examples/manastorm/table.yaml
