# an expression holds at most 1024 bytes: byte 1025 is at column 1025 (1D6+ and 1021 digits) (the source line is cut to 80 characters each side)
--version >/dev/null; "$AMARYLLIS" roll "1D6+$(printf '%01021d' 1)"
