# MS-BUDGET-1 MS-LOG-5: a budget of 1 event runs out at the start (the table's first event is リナ's start shuffle, the second the next one), before battle 1 began: "最初のバトルの前で止めました", not "バトル0"; the log has the key, the one shuffle, the error line and the state (バトル0回、終了: 途中); exit 1
play --max-events 1 ../../../examples/manastorm/table.yaml
