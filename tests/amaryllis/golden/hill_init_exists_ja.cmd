# W14: an existing file is never overwritten; the runtime error in the default language (ja)
hill init ../../../examples/grisk.txt --size 3 --address hill@example.org
