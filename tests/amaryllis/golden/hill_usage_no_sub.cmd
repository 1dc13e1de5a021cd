# hill needs init or status
hill --lang en
