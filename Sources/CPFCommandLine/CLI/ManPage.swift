/// The manual page cpf(1), made from the same definitions as `--help`:
/// every command with its arguments, options and discussion, the exit
/// statuses, the environment and examples. Printed by `cpf help --man`;
/// the copy in the repository, docs/cpf.1, is checked against it by a test
/// (Scripts/make-man-page.sh rewrites it).
enum ManPage {
    static func render() -> String {
        var page = """
            .TH CPF 1 "" "cpf \(Program.version)" "User Commands"
            .nh
            .ad l
            .SH NAME
            cpf \\- validate, format and find Brazilian CPF numbers
            .SH SYNOPSIS
            .B cpf
            .I command
            .RI [ options ]
            .RI [ arguments ]
            .br
            .B cpf
            .RB [ \\-\\-help | \\-\\-version ]
            .br
            .B cpf help
            .RI [ command ]
            .SH DESCRIPTION
            \(escape(Program.abstract.english))
            Positional arguments are CPFs; with none, CPFs are read one per line from
            .B \\-\\-input
            files or standard input (LF or CRLF line ends).
            .B find
            and
            .B redact
            read text from their file arguments, or standard input.
            Errors and diagnostics go to standard error, prefixed
            .BR "cpf: " ;
            data goes to standard output.
            .SH OPTIONS
            .TP
            .BR \\-h ", " \\-\\-help
            \(escape(OptionDefinition.help.help.english))
            .TP
            .B \\-\\-version
            \(escape(Program.versionHelp.english))
            .SH COMMANDS

            """
        for command in Program.commands.map({ $0.definition }) {
            page += ".SS \"\(escape(command.usageLine))\"\n"
            page += escape(command.abstract.english) + "\n"
            for argument in command.arguments {
                page += ".TP\n.I \(escape(argument.label))\n\(escape(argument.help.english))\n"
            }
            for option in command.allOptions {
                page += ".TP\n" + optionLabel(option) + "\n" + escape(option.help.english) + "\n"
            }
            page += discussion(command.discussion.english)
        }
        page +=
            ".SS \"cpf help [<command>]\"\n" + escape(Program.helpAbstract.english)
            + " With\n.BR \\-\\-man ,\nprints this manual page.\n"
        page += """
            .SH EXIT STATUS
            .TP
            .B 0
            Success: all inputs valid (find: at least one CPF found).
            .TP
            .B 1
            At least one input invalid or not rewritten (find: no CPF found; prompt: cancelled); 0 instead \
            with \\-\\-exit\\-zero.
            .TP
            .B 2
            A usage error or an I/O error.
            .SH ENVIRONMENT
            .TP
            .BR LC_ALL ", " LC_MESSAGES ", " LANG
            The first of them that is set and not empty chooses the language of help,
            messages, summaries,
            .B info
            and
            .BR prompt :
            Brazilian Portuguese when it starts with
            .BR pt ,
            English otherwise.
            Machine output (JSON, CSV, reason codes) is the same in every language.
            .TP
            .B NO_COLOR
            When set and not empty,
            .B \\-\\-color auto
            (the default) colours nothing.
            .TP
            .B TERM
            .B dumb
            (or unset, for
            .BR prompt )
            turns colour off in
            .B auto
            mode.
            .SH EXAMPLES
            .nf
            cpf check 390.533.447\\-05
            cpf check \\-\\-invalid < cpfs.txt > bad.txt
            cpf format \\-\\-field 3 \\-\\-header \\-i customers.csv > out.csv
            cpf generate \\-n 3 \\-\\-formatted \\-\\-state SP \\-\\-seed 42
            cpf info 390.533.447\\-06
            cpf find \\-\\-confidence high \\-\\-json app.log
            cpf redact \\-\\-style lgpd < ticket.txt
            cpf pseudonymize \\-\\-key\\-file cpf.key < cpfs.txt
            cpf completions bash > ~/.local/share/bash\\-completion/completions/cpf
            .fi
            .SH SEE ALSO
            The reference, docs/reference.md, in the source repository.

            """
        return page
    }

    /// `-i, --input <file>` in roff: the names bold, the value italic.
    static func optionLabel(_ option: OptionDefinition) -> String {
        var label = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        label += "\\fB\\-\\-" + escape(option.long) + "\\fR"
        if let value = option.valueName { label += " \\fI<" + escape(value) + ">\\fR" }
        return label
    }

    /// A discussion in roff: a heading such as `EXIT STATUS:` bold, indented
    /// lines kept as they are, other lines filled into paragraphs.
    static func discussion(_ text: String) -> String {
        var roff = ""
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let isIndented = line.hasPrefix("  ")
            if isIndented != inBlock {
                roff += isIndented ? ".RS 2\n.nf\n" : ".fi\n.RE\n"
                inBlock = isIndented
            }
            if line.isEmpty {
                if !inBlock { roff += ".PP\n" }
            } else if !isIndented, line.hasSuffix(":"), line.uppercased() == line {
                roff += ".B \"\(escape(String(line.dropLast())))\"\n"
            } else {
                roff += escape(String(isIndented ? line.dropFirst(2) : line)) + "\n"
            }
        }
        if inBlock { roff += ".fi\n.RE\n" }
        return ".PP\n" + roff
    }

    /// Text for roff: backslashes and dashes escaped, a leading `.` or `'`
    /// kept from being read as a request, non-ASCII written as `\[uXXXX]`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            default:
                if scalar.isASCII {
                    escaped.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        if let first = escaped.first, first == "." || first == "'" { escaped = "\\&" + escaped }
        return escaped
    }
}
