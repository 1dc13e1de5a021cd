# init without --size is a usage error
hill init --lang en /nonexistent/h.db --address hill@example.org
