league --bogus league
