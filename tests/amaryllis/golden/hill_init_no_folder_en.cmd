# W14: hill init in a folder that does not exist says so, in en
hill init --lang en /nonexistent/dir/h.db --size 3 --address hill@example.org
