# MS-SCN-VAL-7: the same in English, through play (which printed them raw)
--lang en play scenarios/name_control.yaml
