# init refuses a name that is not UTF-8 (it goes into the JSON standings and the replies' From:), before it makes any file
hill init /nonexistent/h.db --size 3 --address hill@example.org --name "$(printf 'Hill\377')"
