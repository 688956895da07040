print("forcelab")
