# `help COMMAND ARG...` is `COMMAND --help ARG...`: a --lang after the
# command is the command's (it was dropped, and the help came in Japanese)
help fight --lang en
