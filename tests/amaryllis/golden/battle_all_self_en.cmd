# The same in English: => 壁#2's ATK 1 => 守護's ATK 1.
# Rules: BU-ALL-1.
--lang en battle sheets/b_all_self.txt sheets/b_all_bow.txt
