# --lock-seconds is an option of init, not of status
hill status --lang en /nonexistent/h.db --lock-seconds 600
