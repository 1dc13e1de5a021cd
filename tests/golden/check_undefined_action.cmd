check sheets/undefined_action.txt
