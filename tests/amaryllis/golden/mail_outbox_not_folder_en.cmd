# W14: an --outbox that is a file, not a folder: 75
mail --lang en --hill /nonexistent/h.db --outbox ../../../examples/grisk.txt < /dev/null
