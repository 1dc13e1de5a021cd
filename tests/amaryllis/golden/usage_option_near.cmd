# a misspelt long option gets the nearest as a suggestion (ut_utf8_closer,
# as for commands); exit 2
league --jbos 2 examples/grisk.txt examples/nut.txt
