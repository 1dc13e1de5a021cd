# MS-STORM-1, MS-STORM-2, MS-STORM-3, MS-STORM-4, MS-STORM-5 MS-LOG-1 the same storm in Japanese
play scenarios/play_storm.yaml
