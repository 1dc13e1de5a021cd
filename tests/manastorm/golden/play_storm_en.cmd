# MS-STORM-1, MS-STORM-2, MS-STORM-3, MS-STORM-4, MS-STORM-5 MS-LOG-1 the storm of test_duel.c ms_storm_full (derived by hand there), English
play --lang en scenarios/play_storm.yaml
