# MS-BUDGET-1: a budget of 1 event runs out at the start (the table's first event is リナ's start shuffle, the second the next one), before battle 1 began: "最初のバトルの前で止めました", not "バトル0"; exit 1, nothing on stdout
play --max-events 1 ../../../examples/manastorm/table.yaml
