# The same league as JSON, with the rejected sheet listed.
league --format json league
