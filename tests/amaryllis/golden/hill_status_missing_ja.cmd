# W14: no hill there, said in ja (the default)
hill status /nonexistent/h.db
