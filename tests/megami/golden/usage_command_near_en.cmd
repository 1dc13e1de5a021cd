# the same in English, for a transposition
--lang en fihgt
