# play -h in Japanese (MS-LOG-3: the steps the log numbers)
play -h
