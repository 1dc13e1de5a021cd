# MG-LOG-1: a negative armor modifier in the damage and the finishing
# blow lines, in parentheses (fight_finish_negative.yaml derives it)
fight --lang en --dice 6,6,6,5,1,1,3,4,1,1,6,4,5,2,3,2,3,4,1,2,1,2,2,5,5 fight_finish_negative.yaml
