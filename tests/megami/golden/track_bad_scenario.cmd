# a bad scenario is reported like megami check, exit 1
track --lang en fight_bad.yaml < /dev/null
