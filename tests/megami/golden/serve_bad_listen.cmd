# serve --listen needs an IPv4 address and a port: a usage error before anything listens
--lang en serve --listen localhost
