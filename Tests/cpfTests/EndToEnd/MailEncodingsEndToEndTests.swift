// End-to-end tests of the e-mail defects of issue 38 (docs/reference.md,
// "E-mail"): encoded-words and parts in ISO-8859-15, parts in UTF-32 and in
// 8-bit UTF-16, uuencoded parts, a message after more than 8 KiB of gateway
// headers, and attachments that are containers. Each was a silent leak:
// `find` said nothing while the CPF was in the message.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: e-mail encodings and attachments (issue 38)")
struct MailEncodingsEndToEndTests {
    static let tools = InstalledTool.areInstalled("python3", "cmp")

    /// Checks with Python's `email` package that `$1` opens, that no leaf
    /// part's decoded text holds a CPF-like number, and prints each text
    /// part decoded in its charset, one line each.
    static let show = #"""
        show() { python3 - "$1" <<'EOF'
        import email, re, sys
        m = email.message_from_bytes(open(sys.argv[1], 'rb').read())
        cpf = re.compile(r'\d{3}\.?\d{3}\.?\d{3}-?\d{2}')
        for part in m.walk():
            if part.is_multipart():
                continue
            text = part.get_payload(decode=True).decode(part.get_content_charset() or 'ascii')
            assert not cpf.search(text), text
            print(text.strip())
        EOF
        }
        """#

    @Test(
        """
        ISO-8859-15: an encoded-word is decoded for find, and redact writes the part back in its charset, so \
        Python still reads its euro sign
        """,
        .enabled(if: tools))
    func iso885915() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.show) && python3 - <<'EOF' &&
            from email.mime.text import MIMEText
            from email.header import Header
            m = MIMEText('Preço € CPF 529.982.247-25\n', 'plain', 'iso-8859-15')
            m['Subject'] = Header('Preço € CPF 390.533.447-05', 'iso-8859-15')
            m['From'] = 'a@example.com'
            open('l9.eml', 'wb').write(bytes(m))
            EOF
            "$CPF" find l9.eml && "$CPF" redact --in-place l9.eml && show l9.eml &&
            python3 -c "
            import email, email.policy
            print(email.message_from_bytes(open('l9.eml', 'rb').read(), policy=email.policy.default)['Subject'])"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "l9.eml:4:25: 390.533.447-05", "l9.eml:7:16: 529.982.247-25", "Preço € CPF ***.***.***-**",
                "Preço € CPF ***.***.***-**",
            ])
        #expect(result.stderr == "cpf: redacted l9.eml (2 hidden)\n")
        #expect(result.status == 0)
    }

    /// Python appends a stray `\n` byte to a UTF-32LE payload (its text does
    /// not end with that byte); cpf reads it as U+FFFD and writes that back
    /// whole, so the rewritten part is valid UTF-32 and shows one more line.
    @Test(
        """
        UTF-32 (base64) and UTF-16 (8-bit, as Python writes it, with a byte order mark) parts are decoded for \
        find; redact re-encodes the UTF-32 one and names the 8-bit UTF-16 one
        """,
        .enabled(if: tools))
    func wideParts() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.show) && python3 - <<'EOF' &&
            from email.message import EmailMessage
            for charset in ['utf-32', 'utf-32le', 'utf-32be', 'utf-16']:
                m = EmailMessage(); m['From'] = 'a@example.com'; m['Subject'] = charset
                m.set_content('Olá, CPF 390.533.447-05 fim\n', charset=charset)
                open(charset + '.eml', 'wb').write(bytes(m))
            EOF
            cp utf-16.eml before &&
            "$CPF" find utf-32.eml utf-32le.eml utf-32be.eml utf-16.eml | sed 's/:[0-9]*:[0-9]*:/:/';
            "$CPF" redact --in-place utf-32.eml utf-32le.eml utf-32be.eml utf-16.eml; echo "redact $?";
            show utf-32.eml && show utf-32le.eml && show utf-32be.eml && cmp utf-16.eml before && echo same
            """#)
        #expect(
            outputLines(result.stdout) == [
                "utf-32.eml: 390.533.447-05", "utf-32le.eml: 390.533.447-05", "utf-32be.eml: 390.533.447-05",
                "utf-16.eml: 390.533.447-05", "redact 2", "Olá, CPF ***.***.***-** fim", "\u{FFFD}",
                "Olá, CPF ***.***.***-** fim", "\u{FFFD}", "Olá, CPF ***.***.***-** fim", "same",
            ])
        #expect(
            result.stderr == """
                cpf: redacted utf-32.eml (1 hidden)
                cpf: redacted utf-32le.eml (1 hidden)
                cpf: redacted utf-32be.eml (1 hidden)
                cpf: utf-16.eml: not rewritten: e-mail: a part in UTF-16 or UTF-32 without a transfer encoding \
                holds a CPF, which redact does not re-encode

                """)
    }

    @Test(
        """
        uuencoded parts (x-uuencode, and a begin block in a plain text part) are decoded for find; redact names \
        them and leaves the file as it was
        """,
        .enabled(if: tools))
    func uuencode() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && python3 - <<'EOF' &&
            import binascii
            data = b'Nome: Jos\xc3\xa9\nCPF 390.533.447-05\n'
            block = b'begin 644 dados.txt\n' + binascii.b2a_uu(data) + b'`\nend\n'
            open('x.eml', 'wb').write(b'From: a@example.com\nSubject: uu\nMIME-Version: 1.0\n'
                b'Content-Type: text/plain\nContent-Transfer-Encoding: x-uuencode\n\n' + block)
            open('inline.eml', 'wb').write(b'From: a@example.com\nSubject: uu\n\nSegue:\n\n' + block + b'Fim.\n')
            EOF
            cp x.eml x.before && cp inline.eml inline.before &&
            "$CPF" find x.eml inline.eml | sed 's/:[0-9]*:[0-9]*:/:/';
            "$CPF" redact --in-place x.eml inline.eml; echo "redact $?";
            cmp x.eml x.before && cmp inline.eml inline.before && echo same
            """#)
        #expect(
            outputLines(result.stdout) == ["x.eml: 390.533.447-05", "inline.eml: 390.533.447-05", "redact 2", "same"])
        #expect(
            result.stderr == """
                cpf: x.eml: not rewritten: e-mail: a uuencoded part holds a CPF, which redact does not re-encode
                cpf: inline.eml: not rewritten: e-mail: a uuencoded part holds a CPF, which redact does not re-encode

                """)
    }

    @Test(
        """
        a message after more than 8 KiB of gateway headers (X- lines, or one long folded field) is still read as \
        e-mail: its base64 body searched and rewritten
        """,
        .enabled(if: tools))
    func longGatewayHeaders() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.show) && python3 - <<'EOF' &&
            from email.message import EmailMessage
            m = EmailMessage(); m['From'] = 'a@example.com'; m['Subject'] = 'gw'
            m.set_content('CPF 390.533.447-05\n', cte='base64')
            body = bytes(m)
            lines = b''.join(b'X-Gateway-Trace-%d: hop %d relay.example.com\n' % (i, i) for i in range(400))
            open('xlines.eml', 'wb').write(lines + body)
            folded = b'X-Long: ' + b'\n '.join(b'token%d' % i for i in range(2000)) + b'\n'
            open('folded.eml', 'wb').write(folded + body)
            EOF
            "$CPF" find xlines.eml folded.eml | sed 's/:[0-9]*:[0-9]*:/:/' &&
            "$CPF" redact --in-place xlines.eml folded.eml && show xlines.eml && show folded.eml
            """#)
        #expect(
            outputLines(result.stdout) == [
                "xlines.eml: 390.533.447-05", "folded.eml: 390.533.447-05", "CPF ***.***.***-**",
                "CPF ***.***.***-**",
            ])
        #expect(result.stderr == "cpf: redacted xlines.eml (1 hidden)\ncpf: redacted folded.eml (1 hidden)\n")
        #expect(result.status == 0)
    }

    @Test(
        """
        an attached zip, gzip or Office document is read inside (no longer scanned as raw compressed bytes); a \
        PDF attachment that cannot be read is named not searched, exit status 2; redact rewrites the zip in the \
        message, its name's CPF hidden in the header
        """,
        .enabled(if: tools))
    func containerAttachments() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && python3 - <<'EOF' &&
            import gzip, io, zipfile
            from email.message import EmailMessage
            def zipped(name, text):
                buffer = io.BytesIO()
                with zipfile.ZipFile(buffer, 'w', zipfile.ZIP_DEFLATED) as z:
                    z.writestr(name, text * 20)
                return buffer.getvalue()
            attachments = {
                'zip': ('CPF 529.982.247-25.zip', 'application', 'zip', zipped('a.txt', 'CPF 390.533.447-05\n')),
                'gz': ('dados.txt.gz', 'application', 'gzip', gzip.compress(b'CPF 390.533.447-05\n' * 20)),
                'docx': ('c.docx', 'application', 'octet-stream',
                    zipped('word/document.xml', '<w:t>390.533.447-05</w:t>')),
                'pdf': ('r.pdf', 'application', 'pdf',
                    b'%PDF-1.4\n1 0 obj\n<< /Filter /FlateDecode >>\nstream\nx\x9c\nendstream\n'),
            }
            for kind, (name, main, sub, data) in attachments.items():
                m = EmailMessage(); m['From'] = 'a@example.com'; m['Subject'] = kind
                m.set_content('Segue.\n')
                m.add_attachment(data, maintype=main, subtype=sub, filename=name)
                open(kind + '.eml', 'wb').write(bytes(m))
            EOF
            cp zip.eml before;
            "$CPF" find --count zip.eml gz.eml docx.eml pdf.eml; echo "find $?";
            "$CPF" redact --in-place zip.eml; echo "redact $?"; cmp -s zip.eml before || echo changed;
            "$CPF" find zip.eml; echo "find $?"
            """#)
        // The CPF in the zip's name is found in the header, as before; then each line of its member.
        #expect(
            outputLines(result.stdout) == [
                "zip.eml:21", "gz.eml:20", "docx.eml:20", "find 2", "redact 0", "changed", "find 1",
            ])
        #expect(
            result.stderr == """
                cpf: pdf.eml: not searched: e-mail: attachment r.pdf: PDF: malformed PDF (no document catalog)
                cpf: redacted zip.eml (21 hidden)

                """)
    }
}
