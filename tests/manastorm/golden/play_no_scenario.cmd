# usage: a scenario is needed
play
