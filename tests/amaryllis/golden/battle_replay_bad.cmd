# LG-TOKEN-1: "am1.44Kw" decodes to the 3 bytes of グ and no NUL byte: not two
# sheets, so the token is cut or damaged; exit 1 with the reason.
--lang en battle --replay am1.44Kw
