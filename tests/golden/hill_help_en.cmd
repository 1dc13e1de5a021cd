hill --help --lang en
