# MG-DICE-CLI-2: --dice takes whole numbers separated by commas
roll --dice 3,x 2D6
