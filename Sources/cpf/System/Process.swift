/// Process-wide signal set-up: a closed pipe downstream ends `cpf` at once,
/// quietly, as it does any Unix filter (the default action of SIGPIPE), even
/// when the parent process ignored the signal.
func restoreDefaultSignalHandling() {
    signal(SIGPIPE, SIG_DFL)
}

/// Ends the process with `status`, without running anything more.
func terminate(_ status: ExitStatus) -> Never {
    exit(status.rawValue)
}
