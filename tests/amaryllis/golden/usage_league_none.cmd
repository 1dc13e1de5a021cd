league --lang en --jobs 2
