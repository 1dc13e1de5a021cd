# CSV injection (OWASP): names starting with =, @ and + get a ' in front in
# the standings (--format csv) and the cross table (--matrix), so that a
# spreadsheet shows them as text; "'@a""b" is also quoted (RFC 4180).
# (Through a pipe: /dev/stdout on a file would be truncated by --matrix.)
league --format csv --matrix /dev/stdout sheets/csv_formula.txt sheets/csv_formula2.txt sheets/csv_formula3.txt ../../../examples/nut.txt | cat
