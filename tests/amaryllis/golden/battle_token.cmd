# LG-TOKEN-1: "am1." + base64url (RFC 4648 §5, no padding) of grisk's sheet as
# `amaryllis check` prints it, a NUL byte, and nut's as check prints it.
# Derived outside the tool: python3 -c 'import base64,subprocess as s; c=lambda f: s.run(["build/amaryllis","check",f],capture_output=True).stdout; print("am1."+base64.urlsafe_b64encode(c("examples/grisk.txt")+b"\0"+c("examples/nut.txt")).decode().rstrip("="))'
battle --token ../../../examples/grisk.txt ../../../examples/nut.txt
