# W14: hill init in a folder that does not exist says so (not "not writable"), in ja (the default)
hill init /nonexistent/dir/h.db --size 3 --address hill@example.org
