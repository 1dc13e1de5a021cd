# --points '3,+1,0': no '+' (as in every option's number).
--lang en league --points '3,+1,0' ../../../examples/grisk.txt ../../../examples/nut.txt
