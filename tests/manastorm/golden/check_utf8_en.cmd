# MS-SCN-IN-1: the text is UTF-8
--lang en check scenarios/utf8.yaml
