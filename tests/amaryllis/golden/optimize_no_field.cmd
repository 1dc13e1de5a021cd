# no field: a usage error
optimize --evals 10
