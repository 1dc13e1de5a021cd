# init without --address
hill init /nonexistent/h.db --size 3
