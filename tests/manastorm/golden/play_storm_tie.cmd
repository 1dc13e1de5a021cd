# MS-STORM-2, MS-STORM-6: the first victim says what decided it (the highest number, the draw-off card, seat order) and nothing misleading when nothing was drawn; a tied one that cannot draw is named
play scenarios/storm_tie.yaml
