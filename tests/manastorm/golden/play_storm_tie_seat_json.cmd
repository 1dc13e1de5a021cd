# MS-STORM-6, MS-LOG-2: the first storm_victim says what chose it: highest 9, draw_offs 2, seat true
play --format json scenarios/storm_tie_seat.yaml
