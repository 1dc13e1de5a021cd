# serve --listen takes an IPv4 ADDRESS:PORT ("1.2.3" is not an address):
# a usage error, exit 2, nothing is served.
serve --listen 1.2.3:80
