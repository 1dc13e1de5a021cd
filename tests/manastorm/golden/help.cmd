# the tool's help: the command column as wide as the longest name (playtest), issue 20
--help
