check ../../examples/awako.txt ../../examples/shinigami.txt ../../examples/uji.txt
