// Entry point: everything happens in `Program`.
let status = Program.main(CommandLine.arguments)
terminate(status)
