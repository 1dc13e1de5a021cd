# MS-SCN-IN-2: lines ending in a lone CR are echoed with the caret
check scenarios/lone_cr.yaml
