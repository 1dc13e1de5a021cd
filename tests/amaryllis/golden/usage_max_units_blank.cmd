# --max-units ' 3': a blank before the digits was skipped (strtoull); an
# option's number is digits only.
league --max-units ' 3' ../../../examples/grisk.txt ../../../examples/nut.txt
