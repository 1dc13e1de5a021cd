# play --help in English
play --lang en --help
