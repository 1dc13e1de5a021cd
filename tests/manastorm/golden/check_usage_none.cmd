# usage: no scenario
check
