# --password-tries 0 would lock every unit at once: 1 to 100, exit 2
hill init /nonexistent/h.db --size 3 --address hill@example.org --password-tries 0
