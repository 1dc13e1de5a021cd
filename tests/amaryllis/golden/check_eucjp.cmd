# amcli review W3: examples/grisk.txt saved as EUC-JP (no byte 0x80–0xa0: グ is A5 B0, so EUC-JP is tried first): the errors, then the note naming EUC-JP and iconv -f EUC-JP-MS, in Japanese; exit 1
check sheets/eucjp.txt
