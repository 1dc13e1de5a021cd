# no hill there
hill status --lang en /nonexistent/h.db
