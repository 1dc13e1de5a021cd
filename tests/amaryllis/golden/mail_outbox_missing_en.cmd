# W14: a missing --outbox folder is named, in en
mail --lang en --hill /nonexistent/h.db --outbox /nonexistent/out < /dev/null
