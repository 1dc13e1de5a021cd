# the same in English, for a control character in the address
hill init --lang en /nonexistent/h.db --size 3 --address "$(printf 'hill\001@example.org')"
