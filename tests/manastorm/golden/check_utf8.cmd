# MS-SCN-IN-1: the text is UTF-8
check scenarios/utf8.yaml
