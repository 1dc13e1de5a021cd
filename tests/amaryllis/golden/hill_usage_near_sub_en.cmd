# (English)
--lang en hill inti x.db
