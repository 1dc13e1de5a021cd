check ../../examples/grisk.txt ../../examples/nut.txt ../../examples/awako.txt
