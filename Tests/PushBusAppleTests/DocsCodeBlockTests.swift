import Foundation
import Testing

/// Every ```swift block in README.md, README.zh-CN.md and Docs/**/*.md is compiled: it appears, line for line, in a file under Tests/ or
/// in the example app (Examples/iOSApp, type-checked by CI against the stubs and locally against Apple's SDK), or it
/// is marked as a fragment with an HTML comment on the line before it: `<!-- fragment: why -->`. A block marked
/// `<!-- example: Examples/iOSApp/… -->` must appear in that very file, so the guide and the app cannot drift (README's
/// Package.swift is `<!-- example: Examples/manifest/Package.swift -->`, a manifest step 43 evaluates).
/// Whitespace is not significant (line breaks included), so `swift format` may realign and rewrap the sources.
/// A block's leading `import` lines are the file's imports: the rest of the block may sit inside a function or a type
/// the file wraps around it, so a block shows its imports and still compiles as statements.
@Suite(.timeLimit(.minutes(2))) struct DocsCodeBlockTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Block {
        let location: String
        let lines: [String]
        let isFragment: Bool
        /// The file a `<!-- example: PATH -->` marker names.
        let exampleFile: String?
    }

    @Test func everySwiftBlockIsCompiledByATestOrMarkedAsAFragment() throws {
        let compiled = try Self.compiledFiles()
        var blocks: [Block] = []
        for doc in try Self.documents() { blocks += try Self.swiftBlocks(in: doc) }

        let uncompiled = blocks.filter { block in
            !block.isFragment && block.exampleFile == nil && !Self.isCompiled(block.lines, in: compiled)
        }

        #expect(blocks.count > 10)  // the docs were found
        #expect(uncompiled.map(\.location) == [], "compile these blocks in a test, or mark them <!-- fragment: … -->")
    }

    @Test func everyExampleBlockIsInTheFileItNames() throws {
        var blocks: [Block] = []
        for doc in try Self.documents() { blocks += try Self.swiftBlocks(in: doc) }
        let examples = blocks.filter { $0.exampleFile != nil }
        let drifted = try examples.filter { block in
            let source = try String(contentsOf: Self.root.appendingPathComponent(block.exampleFile!), encoding: .utf8)
            let file = CompiledFile(
                text: " " + Self.normalized(source) + " ",
                lines: Set(source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }))
            return !Self.isCompiled(block.lines, in: [file])  // its imports among the file's, the rest verbatim
        }

        #expect(examples.count >= 10)  // the app guide takes its code from Examples/iOSApp
        #expect(drifted.map(\.location) == [], "these blocks no longer match the example file they name")
    }

    /// Example files whose guide code a suite also runs, against the stubs where `import UIKit` cannot be written: the
    /// example type-checks the blocks with their imports, the suite proves what they do.
    static let examplesRunBySuites = [
        "Examples/iOSApp/LifecycleVariant/Shop.swift": "Tests/PushBusAppleTests/Lifecycle/LifecycleWirings.swift",
        "Examples/iOSApp/LifecycleVariant/ShopAppDelegate.swift":
            "Tests/PushBusAppleTests/Lifecycle/LifecycleWirings.swift",
        "Examples/iOSApp/JPushVariant/SchoolAppDelegate.swift":
            "Tests/PushBusAppleTests/JPushMigrationGuideTests.swift",
    ]

    /// A block taken from one of those example files is, its imports aside, also the code its suite runs: the two
    /// copies cannot drift apart.
    @Test func theBlocksASuiteRunsAreTheExamplesToo() throws {
        var blocks: [Block] = []
        for doc in try Self.documents() { blocks += try Self.swiftBlocks(in: doc) }
        var checked = 0
        var drifted: [String] = []
        for block in blocks {
            guard let example = block.exampleFile, let suite = Self.examplesRunBySuites[example] else { continue }
            let source = try String(contentsOf: Self.root.appendingPathComponent(suite), encoding: .utf8)
            let body = block.lines.drop { $0.isEmpty || $0.hasPrefix("import ") }
            checked += 1
            let text = " " + Self.normalized(body.joined(separator: "\n")) + " "
            if !(" " + Self.normalized(source) + " ").contains(text) {
                drifted.append("\(block.location) is not in \(suite)")
            }
        }
        #expect(checked >= Self.examplesRunBySuites.count)
        #expect(drifted == [], "the suite no longer runs the code the guide shows")
    }

    /// README.md, its translation, and every page under Docs/ (Docs/zh-CN/ included: the translations carry the same
    /// blocks, so they are checked the same way).
    static func documents() throws -> [String] {
        try ["README.md", "README.zh-CN.md"] + Self.files(under: "Docs", withExtension: "md", relative: true)
    }

    @Test func theTranslationsAreChecked() throws {
        let documents = try Self.documents()
        #expect(documents.contains("README.zh-CN.md"))
        #expect(documents.contains("Docs/zh-CN/MigrationFromJPush.md"))
        #expect(try Self.swiftBlocks(in: "Docs/zh-CN/MigrationFromJPush.md").count >= 5)
    }

    @Test func aChangedBlockIsNoLongerFoundInTheTests() throws {
        let tests = " " + Self.normalized("let a = 1\n    let b = 2  // two\n") + " "
        #expect(tests.contains(" " + Self.normalized("let a = 1 let b =\n  2 // two") + " "))
        #expect(!tests.contains(" " + Self.normalized("let a = 1\nlet b = 3") + " "))
    }

    /// A call written in a table cell (Migration.md's "what you write with PushBus" column, a scenario key's
    /// meaning) is held to the same rule as a block: a code span that is a whole call on a value, with a labelled
    /// argument (`router.open(PushBusApp.incomingURL(url, options: options))`), appears in a compiled file.
    @Test func everyCallInATableIsCompiled() throws {
        let compiled = try Self.compiledFiles()
        var stale: [String] = []
        for doc in try Self.documents() {
            let lines = try String(contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)
                .components(separatedBy: "\n")
            for (index, call) in Self.tableCalls(in: lines) {
                let text = Self.normalized(call)
                if !compiled.contains(where: { $0.text.contains(text) }) {
                    stale.append("\(doc):\(index + 1): \(call)")
                }
            }
        }
        #expect(stale == [], "compile these calls in a test (or write the call that compiles)")
    }

    @Test func aStaleCallInATableIsFound() throws {
        let planted = [
            "| before | after |", "| --- | --- |",
            "| `open(url)` | `router.open(PushBusApp.incomingURL(url, \("opts"): options))`: deferred like a tap |",
            "| `a.b(c)` | `router.open(incoming)`, `delivery.onResponse(.category(\"CHAT\")) { … }`, `setReady(true)` |",
            "```", "| `not.a(table: row)` |", "```",
        ]
        let calls = Self.tableCalls(in: planted).map(\.call)
        #expect(calls == ["router.open(PushBusApp.incomingURL(url, \("opts"): options))"])
        let compiled = try Self.compiledFiles()
        let found = compiled.contains { $0.text.contains(Self.normalized(calls[0])) }
        #expect(!found)  // the label is `options`: a call that does not compile is in no compiled file
    }

    /// The code spans of table rows (outside fences) that are a whole call with a labelled argument and no `…`.
    static func tableCalls(in lines: [String]) -> [(index: Int, call: String)] {
        let span = try! NSRegularExpression(pattern: "`([^`]+)`")
        let call = try! NSRegularExpression(
            pattern: #"^(try |await )*[a-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+\(.*\b[a-z][A-Za-z0-9]*: .*\)$"#)
        var result: [(Int, String)] = []
        var fenced = false
        for (index, line) in lines.enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced, line.hasPrefix("|") else { continue }
            let range = NSRange(line.startIndex..., in: line)
            for match in span.matches(in: line, range: range) {
                let text = String(line[Range(match.range(at: 1), in: line)!])
                let whole = NSRange(text.startIndex..., in: text)
                guard !text.contains("…"), call.firstMatch(in: text, range: whole) != nil,
                    Self.isBalanced(text)
                else { continue }
                result.append((index, text))
            }
        }
        return result
    }

    static func isBalanced(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    /// A compiled file: its text normalized, and its lines trimmed (for the imports).
    struct CompiledFile {
        let text: String
        let lines: Set<String>
    }

    /// Every Swift file under Tests/ and Examples/iOSApp.
    static func compiledFiles() throws -> [CompiledFile] {
        try (files(under: "Tests", withExtension: "swift") + files(under: "Examples/iOSApp", withExtension: "swift"))
            .map { source in
                CompiledFile(
                    text: " " + normalized(source) + " ",
                    lines: Set(source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }))
            }
    }

    /// Whether one compiled file holds the block: its leading `import` lines among the file's lines, and the rest,
    /// line for line, in its text (a block of imports alone must appear as it is).
    static func isCompiled(_ blockLines: [String], in compiled: [CompiledFile]) -> Bool {
        var imports: [String] = []
        var rest = blockLines[...]
        while let first = rest.first?.trimmingCharacters(in: .whitespaces),
            first.isEmpty || first.hasPrefix("import ") || first.hasPrefix("@testable import ")
        {
            if !first.isEmpty { imports.append(first) }
            rest = rest.dropFirst()
        }
        let body = normalized(rest.joined(separator: "\n"))
        if body.isEmpty {
            let whole = " " + normalized(blockLines.joined(separator: "\n")) + " "
            return compiled.contains { $0.text.contains(whole) }
        }
        return compiled.contains { file in
            file.text.contains(" " + body + " ") && imports.allSatisfy { file.lines.contains($0) }
        }
    }

    @Test func aBlocksImportsAreTheFilesImports() {
        let file = CompiledFile(
            text: " " + Self.normalized("import A\nimport B\nfunc f() {\n    let a = 1\n}") + " ",
            lines: ["import A", "import B", "func f() {", "let a = 1", "}"])
        #expect(Self.isCompiled(["import B", "", "let a = 1"], in: [file]))
        #expect(!Self.isCompiled(["import C", "", "let a = 1"], in: [file]))
        #expect(!Self.isCompiled(["import B", "let a = 2"], in: [file]))
        #expect(Self.isCompiled(["import A", "import B"], in: [file]))
    }

    /// The text's words separated by single spaces: runs of whitespace, line breaks included, become one space.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }

    static func swiftBlocks(in relativePath: String) throws -> [Block] {
        let lines = try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
            .components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
                index += 1
                continue
            }
            let start = index
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[index])
                index += 1
            }
            let previous = start > 0 ? lines[start - 1].trimmingCharacters(in: .whitespaces) : ""
            let exampleFile =
                previous.hasPrefix("<!-- example: ") && previous.hasSuffix(" -->")
                ? String(previous.dropFirst("<!-- example: ".count).dropLast(" -->".count)) : nil
            blocks.append(
                Block(
                    location: "\(relativePath):\(start + 1)", lines: body,
                    isFragment: previous.hasPrefix("<!-- fragment"), exampleFile: exampleFile))
            index += 1
        }
        return blocks
    }

    static func files(under folder: String, withExtension ext: String, relative: Bool = false) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            return []
        }
        var result: [String] = []
        for case let url as URL in enumerator where url.pathExtension == ext {
            result.append(
                relative
                    ? folder + "/" + url.path.dropFirst(base.path.count + 1)
                    : try String(contentsOf: url, encoding: .utf8))
        }
        return result.sorted()
    }
}
