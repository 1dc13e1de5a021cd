# `help help` is the tool's help (it was "unknown command help")
help help --lang en
