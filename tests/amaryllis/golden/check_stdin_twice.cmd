# "-" twice: standard input is read once, so the second "-" was an empty
# sheet (exit 1); a usage error, as in battle (outside review, CLI D3)
check - - < sheets/kou.txt
