# serve --listen needs an IPv4 address (or localhost) and a port: a usage
# error before anything listens (localhost alone has no port)
--lang en serve --listen localhost
