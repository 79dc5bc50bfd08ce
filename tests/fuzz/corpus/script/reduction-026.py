y = e.argmax()
