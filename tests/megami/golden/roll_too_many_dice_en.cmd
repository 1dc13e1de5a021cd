# roll_too_many_dice in English: the message of nBx's limit.
roll --lang en --dice 3,4 -- 10001D6 'x2 1D6+9999D6'
