# The same in English; a blank before the digits is refused too.
--lang en battle --tie-break ' 5' sheets/kou.txt sheets/otsu.txt
