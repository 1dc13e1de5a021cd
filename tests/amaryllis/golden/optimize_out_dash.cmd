# optimize --out - wrote a file named "-": a usage error.
optimize --out - --field sheets/kou.txt
