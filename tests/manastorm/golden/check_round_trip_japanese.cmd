# MS-SCN-KEY-4: the Japanese keys and values give the same scenario as the English ones
check ../../../examples/manastorm/japanese.yaml | diff - check_ok_table.out && echo same
