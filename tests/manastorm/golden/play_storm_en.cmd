# MS-STORM-1..5 MS-LOG-1 the storm of test_duel.c ms_storm_full (derived by hand there), English
play --lang en scenarios/play_storm.yaml
