# no hill: 66 (EX_NOINPUT)
mail --lang en --hill /nonexistent/h.db < /dev/null
