# The same in English.
--lang en check sheets/ctl_osc.txt
