# roll --format takes text or json: a usage error
--lang en roll --format xml 1D6
