# the options after `help` are the tool's: `help --lang en` is the tool's
# help in English (it once took --lang for a command's name)
help --lang en
