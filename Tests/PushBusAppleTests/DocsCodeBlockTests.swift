import Foundation
import Testing

/// Every ```swift block in README.md, README.zh-CN.md and Docs/**/*.md is compiled: it appears, line for line, in a file under Tests/ or
/// in the example app (Examples/iOSApp, type-checked by CI against the stubs and locally against Apple's SDK), or it
/// is marked as a fragment with an HTML comment on the line before it: `<!-- fragment: why -->`. A block marked
/// `<!-- example: Examples/iOSApp/… -->` must appear in that very file, so the guide and the app cannot drift.
/// Whitespace is not significant (line breaks included), so `swift format` may realign and rewrap the sources.
struct DocsCodeBlockTests {
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
        let compiled = try
            (Self.files(under: "Tests", withExtension: "swift")
            + Self.files(under: "Examples/iOSApp", withExtension: "swift")).map { " " + Self.normalized($0) + " " }
        var blocks: [Block] = []
        for doc in try Self.documents() { blocks += try Self.swiftBlocks(in: doc) }

        let uncompiled = blocks.filter { block in
            let text = " " + Self.normalized(block.lines.joined(separator: "\n")) + " "
            return !block.isFragment && block.exampleFile == nil && !compiled.contains { $0.contains(text) }
        }

        #expect(blocks.count > 10)  // the docs were found
        #expect(uncompiled.map(\.location) == [], "compile these blocks in a test, or mark them <!-- fragment: … -->")
    }

    @Test func everyExampleBlockIsInTheFileItNames() throws {
        var blocks: [Block] = []
        for doc in try Self.documents() { blocks += try Self.swiftBlocks(in: doc) }
        let examples = blocks.filter { $0.exampleFile != nil }
        let drifted = try examples.filter { block in
            let file = try String(contentsOf: Self.root.appendingPathComponent(block.exampleFile!), encoding: .utf8)
            let text = " " + Self.normalized(block.lines.joined(separator: "\n")) + " "
            return !(" " + Self.normalized(file) + " ").contains(text)
        }

        #expect(examples.count >= 10)  // the app guide takes its code from Examples/iOSApp
        #expect(drifted.map(\.location) == [], "these blocks no longer match the example file they name")
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
