# MG-TRACK-4, MG-TRACK-7, MG-TRACK-9 (review D4): initiative 1 1 each: A
# 2+5 = 7, B 2+1 = 3, Big Ogre 2+0 = 2.  gm pos B A: B is at 0 m as A,
# no step; "a sword Big Ogre" is 4 words: the form is said (not "unknown
# a"); "m" alone: a position is wanted; gm hp B 0: B 戦闘不能, the とどめ line lists sword → B; a 1 "Big
# Ogre": the quoted name is character 3, its attack roll asked, u undoes it;
# f 1 2, die 2: 3 + 2 = 5 < armor 6 + 1 = 7, the とどめ fails (HP 0 stays);
# q; no replay.
track --lang en --seed 0 track_texts.yaml < track_texts.in
