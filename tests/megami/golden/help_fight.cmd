help fight
