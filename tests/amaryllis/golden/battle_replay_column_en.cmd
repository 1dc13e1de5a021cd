# LG-TOKEN-1: the same in English.
battle --lang en --replay am1.////
