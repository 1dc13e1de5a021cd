# mail needs --hill: usage errors of mail exit 64 (EX_USAGE)
mail --lang en
