// Entry point: everything happens in `Program`.
//
// The folders are the layers, each using only those below it:
//   CLI       the program, the argument parser, command and option
//             definitions, help layout, exit statuses
//   Commands  one file per command: reads its options, wires an engine
//   Prompt    everything of `cpf prompt`: keys, the session, the renderer,
//             the terminal device and its signal handlers
//   Batch     the engines that read inputs and write verdicts
//   Tree      the inputs of find and redact: the directory walk, the
//             worker pool with its ordered printer, in-place rewriting
//   Lines     reading inputs: lines, blocks, CSV records, long lines
//   Output    the output buffer, escaping, and the record writers
//   System    the one file that names the C library, file descriptors,
//             errno, process signals and exit
ensureStandardDescriptorsOpen()
terminate(Program.main(RawText.commandLine))
