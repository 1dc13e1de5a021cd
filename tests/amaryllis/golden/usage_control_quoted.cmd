# A usage error quotes the argument with its control characters as
# <U+XXXX>: ESC [2J (clear the screen) does not reach the terminal, and a
# newline in --max-units keeps the message on one line.
battle --format "$(printf 'x\033[2J')" sheets/kou.txt sheets/otsu.txt; "$AMARYLLIS" --lang en league --max-units "$(printf '\n-3')" sheets/kou.txt
