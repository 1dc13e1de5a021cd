league --format=tsv league
