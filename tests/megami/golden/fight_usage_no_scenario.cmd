fight --lang en
