# --reply-max below 16384 (a reply must hold its headers and a note): a
# usage error naming the range, exit 2 (docs/HILL.md "Security")
hill init --lang en /nonexistent/h.db --size 3 --address hill@example.org --reply-max 100
