league --help --lang=en
