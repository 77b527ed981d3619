// The executable: the process set up (descriptors 0-2 made safe, SIGPIPE
// back to its default action), its arguments and environment read once,
// everything else in CPFCommandLine's `run`, and the exit status it returns
// handed to the system. The targets and their order: docs/architecture.md.
import CPFCommandLine
import CPFSystem

ensureStandardDescriptorsOpen()
restoreDefaultSignalHandling()
let status = run(arguments: RawText.commandLine.map(\.bytes), environment: system_environment())
terminate(status.rawValue)
