league league --jobs
