print("cpf")
