# the answer caps of serve (HTTP audit R1) are whole numbers in range:
# --max-reply -1 is none (a usage error, exit 2; nothing is served).
serve --max-reply -1
