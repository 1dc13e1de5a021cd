# the tool's help in English: the command column as wide as the longest name (playtest), issue 20
--lang en --help
