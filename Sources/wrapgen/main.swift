print("wrapgen: not built yet")
