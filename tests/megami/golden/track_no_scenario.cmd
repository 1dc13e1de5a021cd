# no scenario
track --lang en
