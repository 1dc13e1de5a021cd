# MS-LOG-2: a tied one that cannot draw in the draw-off is a storm_draw with card null
play --format json scenarios/storm_tie_no_draw.yaml
