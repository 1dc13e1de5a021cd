# usage: no scenario
check --lang en
