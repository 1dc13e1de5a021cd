# --replay takes the two sheets from the token: sheets beside it are a usage error
battle --replay am1.AA ../../../examples/grisk.txt
