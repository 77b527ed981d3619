#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes sure descriptors 0, 1 and 2 are open, before anything else can
/// open a file: a closed one gets `/dev/null` opened in the direction it is
/// not used in (standard input write-only, standard output and error
/// read-only), as gnulib's `stdopen` does. So no file `cpf` opens later (an
/// input, the temporary file of a long line) can become its standard output
/// or error, and using a descriptor that was closed still fails (`Bad file
/// descriptor`) instead of losing output silently.
package func ensureStandardDescriptorsOpen() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        let opened = system_open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
        // `open` returns the lowest free descriptor: this one, the lower ones being open by now.
        if opened >= 0, opened != descriptor { _ = system_close(opened) }
    }
}

/// Process-wide signal set-up: a closed pipe downstream ends `cpf` at once,
/// quietly, as it does any Unix filter (the default action of SIGPIPE), even
/// when the parent process ignored the signal. SIGXFSZ (a write past
/// `ulimit -f`) is ignored, so the write fails with `EFBIG` and is reported
/// like a full disk (`File too large`, exit status 2) instead of killing
/// `cpf` with a core dump and its temporary files left behind.
package func restoreDefaultSignalHandling() {
    signal(SIGPIPE, SIG_DFL)
    signal(SIGXFSZ, SIG_IGN)
}

/// Ends the process with `status`, without running anything more.
package func terminate(_ status: Int32) -> Never {
    exit(status)
}
