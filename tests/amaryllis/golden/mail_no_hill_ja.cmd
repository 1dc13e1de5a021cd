# W14: no hill: 66 (EX_NOINPUT), the cause in ja (the default)
mail --hill /nonexistent/h.db < /dev/null
