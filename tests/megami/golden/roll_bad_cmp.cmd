# !! is no comparison; 2D6> has no target
roll '2D6!!8' '2D6>'
