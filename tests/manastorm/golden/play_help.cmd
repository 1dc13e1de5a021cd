# play -h in Japanese
play -h
