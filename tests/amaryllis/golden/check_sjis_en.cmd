# amcli review W3: examples/grisk.txt saved as Shift_JIS (iconv -t CP932): each line's first bad byte is an error as before (0x83: グ is 83 4F), then one note: what the file seems to be and the iconv line that converts it (util/cli.h ut_cli_encoding_note); exit 1
check --lang en sheets/sjis.txt
