# --size is an option of init
hill status --lang en /nonexistent/h.db --size 3
