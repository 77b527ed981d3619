// End-to-end tests of choosing files in a tree (issue 23, item 6): -g/--glob,
// version-control folders that redact --in-place never writes into, and
// CPFs written in the names of files and folders.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find/redact -g, .git, CPFs in names")
struct FileChoiceEndToEndTests {
    /// Nested folders, a .git folder with a CPF inside, a file and a folder
    /// named with a CPF, a name that is not UTF-8.
    static let makeTree = """
        set -e
        mkdir -p t/src/deep t/.git/objects t/logs "t/390.533.447-05"
        printf 'CPF 390.533.447-05\\n' > t/src/a.txt
        printf 'CPF 390.533.447-05\\n' > t/src/deep/b.txt
        printf 'CPF 390.533.447-05\\n' > t/src/c.log
        printf 'CPF 390.533.447-05\\n' > t/logs/d.log
        printf 'CPF 390.533.447-05\\n' > t/.git/config
        printf 'clean\\n' > t/.git/objects/e
        printf 'clean\\n' > "t/390.533.447-05/f.txt"
        printf 'clean\\n' > "t/CPF 111.444.777-35.txt"
        printf 'CPF 529.982.247-25\\n' > "$(printf 't/src/n\\343o.txt')"
        """

    static func sh(_ command: String) -> (status: Int32, stdout: Data, stderr: String) {
        runShell("cd \"$(mktemp -d)\" && \(makeTree) && set +e && \(command)", timeout: 30)
    }

    @Test func findReportsCPFsInNamesAndSearchesVersionControlFolders() {
        let result = Self.sh("\"$CPF\" find -r t")
        #expect(
            outputLines(result.stdout) == [
                "t/.git/config:1:5: 390.533.447-05",
                "t/390.533.447-05:name:1: 390.533.447-05",
                "t/CPF 111.444.777-35.txt:name:5: 111.444.777-35",
                "t/logs/d.log:1:5: 390.533.447-05",
                "t/src/a.txt:1:5: 390.533.447-05",
                "t/src/c.log:1:5: 390.533.447-05",
                "t/src/deep/b.txt:1:5: 390.533.447-05",
                "t/src/n\\xe3o.txt:1:5: 529.982.247-25",
            ])
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func aCPFInANameIsMarkedInJSONAndCounted() {
        let json = Self.sh("\"$CPF\" find -r --json -g '!src' -g '!logs' -g '!.git' t")
        let objects = jsonObjects(json.stdout)
        #expect(objects.count == 2)
        #expect(objects.allSatisfy { $0["in"] as? String == "name" && $0["line"] == nil })
        #expect(objects.first?["source"] as? String == "t/390.533.447-05")
        #expect(objects.first?["cpf"] as? String == "39053344705")
        #expect(objects.last?["column"] as? Int == 5)

        let count = Self.sh("\"$CPF\" find -r --count --stats -g '!src' -g '!logs' -g '!.git' t 2>err; cat err >&2")
        #expect(outputLines(count.stdout) == ["t/390.533.447-05:1", "t/CPF 111.444.777-35.txt:1"])
        #expect(count.stderr.contains("CPFs: 2 high"))
    }

    /// (Folders are entered unless a negated glob matches them, so the
    /// folder named with a CPF is listed unless left out.)
    @Test(
        "-g chooses files as ripgrep does",
        arguments: [
            (["*.txt", "!390*", "!CPF*"], ["t/src/a.txt", "t/src/deep/b.txt", "t/src/n\\xe3o.txt"]),
            (["*.txt", "!deep", "!390*", "!CPF*"], ["t/src/a.txt", "t/src/n\\xe3o.txt"]),
            (["!*.txt", "!.git"], ["t/390.533.447-05", "t/logs/d.log", "t/src/c.log"]),
            (["src/*.log"], ["t/390.533.447-05", "t/src/c.log"]),
            (["src/**", "!**/deep/**", "!/390*/"], ["t/src/a.txt", "t/src/c.log", "t/src/n\\xe3o.txt"]),
            (["!*", "*.log"], []),
            (["!*", "*/", "*.log", "!.git/"], ["t/390.533.447-05", "t/logs/d.log", "t/src/c.log"]),
        ])
    func globsChooseFiles(globs: [String], expected: [String]) {
        let options = globs.map { "-g '\($0)'" }.joined(separator: " ")
        let result = Self.sh("\"$CPF\" find -r -l --confidence high \(options) t")
        #expect(outputLines(result.stdout) == expected)
        #expect(result.status == (expected.isEmpty ? 1 : 0))
    }

    @Test func aFileNamedAsAnArgumentIsSearchedWhateverTheGlobs() {
        let result = Self.sh("\"$CPF\" find -r -l -g '!*.txt' t/src/a.txt")
        #expect(outputLines(result.stdout) == ["t/src/a.txt"])
    }

    @Test func redactInPlaceNeverWritesInsideGitAndFailsWhileANameHoldsACPF() {
        let result = Self.sh(
            """
            "$CPF" redact -r --in-place t; echo "status $?"; cat t/.git/config t/src/a.txt
            """)
        #expect(outputLines(result.stdout) == ["status 2", "CPF 390.533.447-05", "CPF ***.***.***-**"])
        let complaints = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            complaints.contains {
                $0.hasPrefix("cpf: t/.git/config: not rewritten: it holds a CPF and lies in a version-control folder")
            })
        #expect(complaints.contains("cpf: t/***.***.***-**: its name holds a CPF (shown hidden), not renamed"))
        #expect(complaints.contains("cpf: t/CPF ***.***.***-**.txt: its name holds a CPF (shown hidden), not renamed"))
        #expect(complaints.contains("cpf: redacted t/src/n\\xe3o.txt (1 hidden)"))
        // The .git file with nothing to hide, and every CPF shown on standard error, are not there.
        #expect(!result.stderr.contains("objects"))
        #expect(!result.stderr.contains("390.533.447-05") && !result.stderr.contains("111.444.777-35"))
    }

    @Test func leftOutWithGlobsTheTreeIsCleanAndTheRunSucceeds() {
        let result = Self.sh(
            """
            "$CPF" redact -r --in-place -g '!.git' -g '!390.533.447-05' -g '!CPF*' t 2>/dev/null; echo "status $?"
            "$CPF" find -r --confidence low --include-invalid -g '!.git' -g '!390.533.447-05' -g '!CPF*' t; echo "find $?"
            """)
        #expect(outputLines(result.stdout) == ["status 0", "find 1"])
    }

    @Test(
        "redact --in-place never writes into a bare repository made by git init --bare or git clone --bare",
        .enabled(if: InstalledTool.areInstalled("git")))
    func redactInPlaceNeverWritesIntoABareRepository() {
        let result = runShell(
            """
            set -e; cd "$(mktemp -d)"; export HOME="$PWD" GIT_CONFIG_NOSYSTEM=1
            git init -q --bare t/project.git
            git -C t/project.git config cpf.owner 'CPF 390.533.447-05'
            git init -q work && cd work && printf 'x\\n' > a && git add a
            git -c user.name=u -c user.email=u@e commit -q -m first && git tag cpf-529.982.247-25 && cd ..
            git clone -q --bare work t/clone.git && git -C t/clone.git pack-refs --all
            printf 'CPF 390.533.447-05\\n' > t/plain.txt
            cp -r t before
            set +e
            "$CPF" redact -r --in-place t; echo "status $?"
            "$CPF" redact --in-place t/clone.git/packed-refs; echo "argument $?"
            "$CPF" redact -r --in-place t/project.git; echo "folder $?"
            diff -r before/project.git t/project.git && diff -r before/clone.git t/clone.git && echo same
            git -C t/clone.git log -1 --format=%s cpf-529.982.247-25
            cat t/plain.txt
            """, timeout: 60)
        #expect(
            outputLines(result.stdout) == [
                "status 2", "argument 2", "folder 2", "same", "first", "CPF ***.***.***-**",
            ], "\(result.stderr)")
        let complaints = result.stderr.split(separator: "\n").map(String.init)
        for path in ["t/project.git/config", "t/clone.git/packed-refs"] {
            #expect(
                complaints.contains {
                    $0.hasPrefix("cpf: \(path): not rewritten: it holds a CPF and lies in a version-control folder")
                }, "\(path)")
        }
        #expect(!result.stderr.contains("390.533.447-05") && !result.stderr.contains("529.982.247-25"))
    }

    @Test func aFileArgumentInsideGitIsNotRewritten() {
        let result = Self.sh("\"$CPF\" redact --in-place t/.git/config; echo \"status $?\"; cat t/.git/config")
        #expect(outputLines(result.stdout) == ["status 2", "CPF 390.533.447-05"])
        #expect(result.stderr.contains("cpf: t/.git/config: not rewritten:"))
    }
}
