# --svg - wrote a file named "-" (standard output holds the log): a usage
# error, as for every option that names a file to write.
battle --svg - sheets/kou.txt sheets/otsu.txt
