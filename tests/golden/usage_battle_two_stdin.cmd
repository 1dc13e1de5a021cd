battle --lang en - -
