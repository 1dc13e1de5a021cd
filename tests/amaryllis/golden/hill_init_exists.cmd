# an existing file is never overwritten
hill init --lang en ../../../examples/grisk.txt --size 3 --address hill@example.org
