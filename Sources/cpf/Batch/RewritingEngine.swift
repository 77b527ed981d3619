/// An engine that rewrites each input into one output line: the CPF
/// arguments, or else every line of the inputs (`format`, `strip`, `complete`).
protocol RewritingEngine {
    /// Inputs that could not be rewritten so far.
    var failureCount: Int { get }
    /// Rewrites every line of one input.
    func rewrite(_ descriptor: FileDescriptor, named name: RawText) throws(Errno)
    /// Rewrites one command-line argument.
    func rewrite(argument: RawText)
}

extension RewritingEngine {
    /// Feeds the engine the CPF `arguments`, or else, when there are none,
    /// the lines of `inputs`; returns the exit status: an error if an input
    /// could not be read, a failure if anything could not be rewritten.
    func run(arguments: [RawText], inputs: InputList, context: Context) -> ExitStatus {
        if arguments.isEmpty {
            inputs.forEach(in: context) { name, descriptor throws(Errno) in
                try rewrite(descriptor, named: name)
            }
        } else {
            for argument in arguments {
                rewrite(argument: argument)
            }
        }
        if context.failedInput { return .error }
        return ExitStatus(succeeded: failureCount == 0)
    }
}
