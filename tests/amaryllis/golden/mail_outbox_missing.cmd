# W14: a missing --outbox folder is named, before the hill is opened: 75 (the MTA keeps the mail), ja
mail --hill /nonexistent/h.db --outbox /nonexistent/out < /dev/null
