# a misspelt subcommand gets the nearest, as a misspelt command does
hill statsu x.db
