// End-to-end tests of e-mail in `find` and `redact` (docs/reference.md,
// "E-mail"): messages and mbox files written by Python's `email` and
// `mailbox` packages, searched with their parts decoded, rewritten in place
// and read back by Python, whose decoded text must hold no CPF (by its own
// regular expression) while the parts without one stay byte for byte.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: e-mail")
struct MailEndToEndTests {
    static let tools = InstalledTool.areInstalled("python3", "gzip", "cmp")

    /// Writes, in the current folder: `att.eml` (a text body, a base64
    /// attachment holding a CPF, a binary attachment without one), `qp.eml`
    /// (a quoted-printable body whose soft line break cuts a CPF in two) and
    /// `two.mbox` (two messages, each a base64 body with a CPF).
    static let make = #"""
        make() { python3 - <<'EOF'
        import mailbox
        from email.message import EmailMessage
        m = EmailMessage()
        m['From'] = 'a@example.com'; m['To'] = 'b@example.com'; m['Subject'] = 'Documentos'
        m.set_content('Olá, segue o documento.\n', charset='utf-8', cte='quoted-printable')
        m.add_attachment('Nome: José\nCPF: 529.982.247-25\nfim\n'.encode(), maintype='text', subtype='plain', filename='dados.txt')
        m.add_attachment(bytes(range(256)) * 4, maintype='application', subtype='octet-stream', filename='dados.bin')
        open('att.eml', 'wb').write(bytes(m))
        open('qp.eml', 'wb').write(b'From: a@example.com\nTo: b@example.com\nSubject: qp\nMIME-Version: 1.0\n'
            b'Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n'
            b'O CPF =C3=A9 390.533.4=\n47-05 e mais.\n')
        box = mailbox.mbox('two.mbox')
        for number, cpf in enumerate(['111.444.777-35', '529.982.247-25']):
            e = EmailMessage(); e['From'] = 'x@example.com'; e['Subject'] = 'm%d' % number
            e.set_content('CPF %s\n' % cpf, cte='base64'); box.add(e)
        box.close()
        EOF
        }
        make
        """#

    /// Reads `NAME.before` and `NAME` with Python (an mbox with `mailbox`)
    /// and checks every leaf part: none of the decoded text left holds
    /// 11 digits with optional separators, and a part that held none is
    /// byte for byte as it was; prints the parts that changed.
    static let check = #"""
        check() { python3 - "$1" <<'EOF'
        import email, mailbox, re, sys
        name = sys.argv[1]
        cpf = re.compile(rb'\d{3}\.?\d{3}\.?\d{3}-?\d{2}')
        def messages(path):
            if path.endswith('mbox') or path.endswith('mbox.before'):
                return list(mailbox.mbox(path))
            return [email.message_from_bytes(open(path, 'rb').read())]
        before, after = messages(name + '.before'), messages(name)
        assert len(before) == len(after), 'message count'
        changed = 0
        for old, new in zip(before, after):
            olds = [p for p in old.walk() if not p.is_multipart()]
            news = [p for p in new.walk() if not p.is_multipart()]
            assert len(olds) == len(news), 'part count'
            for o, n in zip(olds, news):
                text = n.get_payload(decode=True)
                assert not cpf.search(text), 'a CPF is left in %r' % text
                if cpf.search(o.get_payload(decode=True)):
                    changed += 1
                else:
                    assert o.get_payload(decode=False) == n.get_payload(decode=False), 'a part without a CPF changed'
        print(name, changed)
        EOF
        }
        """#

    @Test(
        "find searches the decoded parts: a base64 attachment, a soft line break inside a CPF, each message of an mbox",
        .enabled(if: tools))
    func findsInDecodedParts() {
        let result = runShell(
            "cd \"$(mktemp -d)\" && \(Self.make) && \"$CPF\" find att.eml qp.eml two.mbox | sed 's/:[0-9]*:[0-9]*:/:/'")
        #expect(result.stderr == "")
        #expect(
            outputLines(result.stdout) == [
                "att.eml: 529.982.247-25", "qp.eml: 390.533.447-05",
                "two.mbox: 111.444.777-35", "two.mbox: 529.982.247-25",
            ])
        #expect(result.status == 0)
    }

    @Test(
        "LINE and COLUMN are those of the decoded text: the quoted-printable line joined, é one character of two bytes",
        .enabled(if: tools))
    func positionsAreInTheDecodedText() {
        let result = runShell(
            "cd \"$(mktemp -d)\" && \(Self.make) && \"$CPF\" find qp.eml && gzip qp.eml && \"$CPF\" find qp.eml.gz")
        #expect(outputLines(result.stdout) == ["qp.eml:8:10: 390.533.447-05", "qp.eml.gz:8:10: 390.533.447-05"])
        #expect(result.status == 0)
    }

    @Test(
        """
        redact --in-place re-encodes the parts it changed: Python reads every part, no CPF left, the others byte \
        for byte
        """,
        .enabled(if: tools))
    func redactInPlaceKeepsMessagesReadable() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.make) && \(Self.check) &&
            for f in att.eml qp.eml two.mbox; do cp $f $f.before; done &&
            "$CPF" redact --in-place att.eml qp.eml two.mbox &&
            check att.eml && check qp.eml && check two.mbox &&
            ! "$CPF" find --confidence low --include-invalid att.eml qp.eml two.mbox &&
            "$CPF" redact att.eml.before | cmp - att.eml
            """)
        #expect(outputLines(result.stdout) == ["att.eml 1", "qp.eml 1", "two.mbox 2"])
        #expect(
            result.stderr
                == """
                cpf: redacted att.eml (1 hidden)\ncpf: redacted qp.eml (1 hidden)\ncpf: redacted two.mbox (2 \
                hidden)\n
                """
        )
        #expect(result.status == 0)
    }

    @Test(
        "a part whose text ends with a CPF, right before a boundary, is re-encoded whole", .enabled(if: tools),
        arguments: ["base64", "quoted-printable"])
    func cpfAtAPartsEnd(encoding: String) {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.check) &&
            python3 -c "
            from email.message import EmailMessage
            m = EmailMessage(); m['From'] = 'a@example.com'; m['Subject'] = 'fim'
            m.set_content('O CPF é 390.533.447-05'.encode(), maintype='text', subtype='plain', cte='\(encoding)')
            m.add_attachment(b'nada', maintype='text', subtype='plain', filename='n.txt')
            open('end.eml', 'wb').write(bytes(m))" &&
            cp end.eml end.eml.before && "$CPF" redact --in-place end.eml && check end.eml &&
            python3 -c "
            import email
            m = email.message_from_bytes(open('end.eml', 'rb').read())
            print(m.get_payload(0).get_payload(decode=True).decode())"
            """)
        #expect(outputLines(result.stdout) == ["end.eml 1", "O CPF é ***.***.***-**"])
        #expect(result.status == 0)
    }

    @Test("a CPF in a header is hidden where it is, the body left as it was", .enabled(if: tools))
    func redactsHeaders() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && printf 'From: a@example.com\nSubject: CPF 390.533.447-05\n\nnada\n' > m.eml &&
            "$CPF" redact m.eml
            """#)
        #expect(result.stdout.text == "From: a@example.com\nSubject: CPF ***.***.***-**\n\nnada\n")
        #expect(result.status == 0)
    }

    @Test(
        "a header block too long is not searched: named, exit status 2 unless --skip-unsearchable, not rewritten",
        .enabled(if: tools))
    func headerTooLongIsNotSearched() {
        let result = runShell(
            """
            cd "$(mktemp -d)" &&
            python3 -c "import sys; sys.stdout.buffer.write(b'From: a@b\\nSubject: x\\nX-Long: ' + b'a' * 70000 + b'\\n\\n529.982.247-25\\n')" > long.eml &&
            cp long.eml before &&
            { "$CPF" find long.eml; echo "find $?"; "$CPF" find --skip-unsearchable long.eml; echo "skip $?";
              "$CPF" redact --in-place long.eml; echo "redact $?"; cmp long.eml before && echo same; }
            """)
        #expect(outputLines(result.stdout) == ["find 2", "skip 1", "redact 2", "same"])
        #expect(
            result.stderr
                == String(
                    repeating: "cpf: long.eml: not searched: e-mail: a header block longer than 65536 bytes\n", count: 3
                ))
    }

    @Test(
        "redact names e-mail it cannot rewrite (gzip-compressed, from a pipe) as not searched, and leaves it as it was",
        .enabled(if: tools))
    func redactNamesWhatItCannotRewrite() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.make) && gzip -k qp.eml && cp qp.eml.gz before &&
            { "$CPF" redact --in-place qp.eml.gz; echo "gzip $?"; cmp qp.eml.gz before && echo same;
              cat qp.eml | "$CPF" redact > out; echo "pipe $?"; wc -c < out; }
            """)
        #expect(
            outputLines(result.stdout).map { $0.trimmingCharacters(in: .whitespaces) } == [
                "gzip 2", "same", "pipe 2", "0",
            ])
        #expect(
            result.stderr == """
                cpf: qp.eml.gz: not searched: e-mail compressed with gzip, which redact does not rewrite
                cpf: standard input: not searched: e-mail read from a pipe, which redact rewrites only from a file

                """)
    }

    /// Writes, in the current folder, `hdr.eml` made by Python: a subject
    /// with a CPF inside an RFC 2047 encoded-word (Python encodes the word
    /// with `º`), an attachment whose name holds a CPF and accents (RFC
    /// 2231), and `q.eml`: an ISO-8859-1 Q encoded-word and a CPF split by
    /// two encoded-words on a folded line.
    static let makeHeaders = #"""
        makeHeaders() { python3 - <<'EOF'
        from email.message import EmailMessage
        m = EmailMessage()
        m['From'] = 'a@example.com'; m['To'] = 'b@example.com'; m['Subject'] = 'Certidão Nº390.533.447-05'
        m.set_content('Nada aqui.\n')
        m.add_attachment(b'x', maintype='application', subtype='pdf', filename='Relatório CPF 529.982.247-25.pdf')
        open('hdr.eml', 'wb').write(bytes(m))
        open('q.eml', 'wb').write(b'From: a@example.com\nSubject: =?iso-8859-1?Q?CPF_390=2E533=2E447-05?=\n'
            b'Comments: =?utf-8?B?MTExLjQ0NC4=?=\n =?utf-8?B?Nzc3LTM1?=\n\nnada\n')
        EOF
        }
        makeHeaders
        """#

    @Test(
        """
        find reads header fields decoded: an encoded-word, an RFC 2231 file name, encoded-words joined across a \
        fold, each CPF once, on the field's first line
        """,
        .enabled(if: tools))
    func findsInEncodedHeaders() {
        let result = runShell(
            "cd \"$(mktemp -d)\" && \(Self.makeHeaders) && \"$CPF\" find hdr.eml q.eml")
        #expect(result.stderr == "")
        #expect(
            outputLines(result.stdout) == [
                "hdr.eml:3:23: 390.533.447-05", "hdr.eml:16:59: 529.982.247-25", "q.eml:2:14: 390.533.447-05",
                "q.eml:3:11: 111.444.777-35",
            ])
        #expect(result.status == 0)
    }

    @Test(
        """
        redact --in-place writes encoded header fields again: Python reads the subject and file name decoded, \
        with no CPF
        """,
        .enabled(if: tools))
    func redactsEncodedHeaders() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.makeHeaders) && "$CPF" redact --in-place hdr.eml q.eml &&
            ! "$CPF" find --confidence low --include-invalid hdr.eml q.eml &&
            python3 - <<'EOF'
            import email, email.policy, re
            cpf = re.compile(r'\d{3}\.?\d{3}\.?\d{3}-?\d{2}')
            for name in ['hdr.eml', 'q.eml']:
                m = email.message_from_bytes(open(name, 'rb').read(), policy=email.policy.default)
                shown = [str(m['Subject']), str(m['Comments'])]
                shown += [p.get_filename() for p in m.walk() if p.get_filename()]
                assert not any(cpf.search(s) for s in shown), shown
                print(' | '.join(shown))
            EOF
            """#)
        #expect(
            outputLines(result.stdout) == [
                "Certidão Nº***.***.***-** | None | Relatório CPF ***.***.***-**.pdf",
                "CPF ***.***.***-** | ***.***.***-**",
            ])
        #expect(result.stderr == "cpf: redacted hdr.eml (2 hidden)\ncpf: redacted q.eml (2 hidden)\n")
        #expect(result.status == 0)
    }

    @Test(
        "a CPF in an encoded address field is not rewritten: named, exit status 2, the file left as it was",
        .enabled(if: tools))
    func redactNamesEncodedAddress() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" &&
            printf 'From: =?utf-8?Q?Jos=C3=A9_390=2E533=2E447-05?= <a@example.com>\nSubject: x\n\nnada\n' > a.eml &&
            cp a.eml before && { "$CPF" find a.eml; "$CPF" redact --in-place a.eml; echo "redact $?";
            cmp a.eml before && echo same; }
            """#)
        #expect(outputLines(result.stdout) == ["a.eml:1:13: 390.533.447-05", "redact 2", "same"])
        #expect(
            result.stderr == """
                cpf: a.eml: not searched: e-mail: a header field holds a CPF in encoded text that redact cannot \
                re-encode (an address or other structured field)

                """)
    }
}
