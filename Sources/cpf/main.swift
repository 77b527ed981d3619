// The executable: the process's descriptors made safe, its arguments and
// environment read once, everything else in CPFCommandLine's `run`, and
// the exit status it returns handed to the system. The targets and their
// order are described in docs/architecture.md.
import CPFCommandLine
import CPFSystem

ensureStandardDescriptorsOpen()
let status = run(arguments: RawText.commandLine.map(\.bytes), environment: system_environment())
terminate(status.rawValue)
