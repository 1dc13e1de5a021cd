# MS-STORM-1..5 MS-LOG-1 the same storm in Japanese
play scenarios/play_storm.yaml
