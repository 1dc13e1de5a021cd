# MS-SCN-IN-1, MS-SCN-DIAG-1: the text is UTF-8; the line is echoed with each refused byte as U+FFFD (one column each, as the reader counts them) and the caret under the first
check scenarios/utf8.yaml
