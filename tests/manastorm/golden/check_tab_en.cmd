# MS-SCN-IN-2: no tabs in indentation
--lang en check scenarios/tab.yaml
