# MG-SCN-LIMIT-2: numbers beyond ±10^12, each reported at its value, with the values its key may take: hp from 1, range from 0 (MG-SCN-CHR-2, MG-SCN-ATK-3; GM review D3), the others from -10^12
check --lang en number_range.yaml
