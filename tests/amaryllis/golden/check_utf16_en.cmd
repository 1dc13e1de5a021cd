# amcli review W3: examples/grisk.txt saved as UTF-16 with its byte order mark FF FE (Windows Notepad's "Unicode"): the errors, then the note naming UTF-16; exit 1
check --lang en sheets/utf16.txt
