# LG-TOKEN-1: '/' is base64, not base64url: the column is named (Japanese).
battle --replay am1.////
