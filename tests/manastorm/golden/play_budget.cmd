# MS-BUDGET-1 MS-LOG-5: in Japanese, as JSON: the table's 12 first events (4 start shuffles and hands, battle 1, round 1, the two enchants of 2) and no more; "winner" null and "error" the engine's words (battle 1, round 1) after "battles"; the message on stderr, exit 1
play --format json --max-events 12 ../../../examples/manastorm/table.yaml
