# Rules: AM-UNIT-7 (the same in English).
--lang en check sheets/ctl_name.txt
