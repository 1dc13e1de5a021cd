# MS-SCN-PART-4, MS-SCN-PART-6, MS-SCN-PART-7: the keys of each role: a key of the other role is an error (リナ's hp, カイ's MP and 衣装); リナ without mp and カイ without hp take D1's defaults, no error
--lang en check scenarios/role_keys.yaml
