# MS-SCN-PART-1, -4, -5, -7, MS-SCN-OUT-1: a table with only name, side and role; the canonical form writes D1's defaults threshold 7, mp 3, outfits [3, 2] (casters), hp 10 (warriors)
check scenarios/d1_defaults.yaml
