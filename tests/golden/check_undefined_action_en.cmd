check --lang en sheets/undefined_action.txt
