# serve's limits are whole numbers in their range: --max-body 0 is below 1
# (a usage error, exit 2; nothing is served).
--lang en serve --max-body 0
