# an unreadable replay file
fight --lang en --replay no-such.replay
