import CPFTextField

/// What the keys of `cpf prompt` do to the field's model.
struct PromptSession {
    /// The field's model: a CPF field's, or a CPF/CNPJ field's.
    let viewModel: any MaskedFieldViewModeling

    /// What the prompt does after a key.
    enum Action: Equatable {
        /// Go on reading keys.
        case proceed
        /// Enter on an acceptable number: its bare characters (11 digits, or
        /// a CNPJ's 14, letters upper-cased).
        case accept(String)
        /// Esc or Ctrl-C.
        case cancel
        /// Ctrl-Z.
        case suspend
    }

    func handle(_ key: Key) -> Action {
        switch key {
        case .text(let text), .paste(let text): viewModel.insert(text)
        case .backspace: viewModel.deleteBackward()
        case .delete: viewModel.deleteForward()
        case .left: viewModel.moveLeft()
        case .right: viewModel.moveRight()
        case .home: viewModel.moveToStart()
        case .end: viewModel.moveToEnd()
        case .enter:
            // Enter on an incomplete or invalid number does nothing: the
            // mark already says why.
            if let digits = viewModel.accept() { return .accept(digits) }
        case .escape, .interrupt: return .cancel
        case .suspend: return .suspend
        }
        return .proceed
    }
}
