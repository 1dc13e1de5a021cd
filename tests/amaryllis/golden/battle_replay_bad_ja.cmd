# LG-TOKEN-1: the token's errors are in the language of --lang (Japanese by
# default): cut or damaged.
battle --replay am1.44Kw
