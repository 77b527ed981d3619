// Entry point: everything happens in `Program`.
terminate(Program.main(CommandLine.arguments))
