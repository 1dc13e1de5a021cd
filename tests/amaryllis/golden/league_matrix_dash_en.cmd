# --matrix - wrote a file named "-": a usage error (/dev/stdout works).
--lang en league --matrix - sheets/kou.txt sheets/otsu.txt
