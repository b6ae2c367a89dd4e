import Foundation
import Testing

/// The code in doc comments is held to the guides' rule (DocsCodeBlockTests): a ```swift block (or a plain ```)
/// inside a `///` comment under Sources/ appears, line for line, in a file under Tests/ or Examples/iOSApp, so
/// Xcode's Quick Help and the DocC pages show code that compiles. The blocks written before the rule are listed in
/// `.ci/doc-comment-blocks-uncompiled.txt` by a digest of their text: that list only shrinks. A listed block that is
/// edited no longer matches its digest, so it is checked like a new one; a block compiled or removed leaves the
/// list (an entry nothing matches fails too, so the list stays exact).
struct DocCommentCodeBlockTests {
    static let listPath = ".ci/doc-comment-blocks-uncompiled.txt"

    struct Block {
        let location: String
        let lines: [String]
    }

    @Test func everyDocCommentBlockIsCompiledOrListed() throws {
        let compiled = try DocsCodeBlockTests.compiledFiles()
        let listed = try Self.listedDigests()
        var blocks: [Block] = []
        for file in try Self.sourceFiles() { blocks += try Self.swiftBlocks(in: file) }
        let uncompiled = blocks.filter { !DocsCodeBlockTests.isCompiled($0.lines, in: compiled) }
        let unlisted = uncompiled.filter { !listed.contains(Self.digest($0.lines)) }
        let stale = listed.subtracting(uncompiled.map { Self.digest($0.lines) })

        #expect(blocks.count > 100)  // the doc comments were found
        #expect(
            unlisted.map { "\($0.location): \(Self.digest($0.lines))" } == [],
            "compile these doc-comment blocks in a test (or fix them to match the code that compiles them)")
        #expect(stale.sorted() == [], "remove these entries from \(Self.listPath): their block is compiled or gone")
    }

    @Test func anEditedListedBlockIsCheckedAgain() throws {
        let source = """
            /// Opens it:
            ///
            /// ```swift
            /// router.open(PushBusApp.incomingURL(url, \("opts: options")))  // the label is `options`
            /// ```
            /// ```json
            /// {"aps": {}}
            /// ```
            func planted() {}
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("Planted-\(UUID()).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let blocks = try Self.swiftBlocks(inFileAt: file, named: "Planted.swift")
        #expect(blocks.map(\.location) == ["Planted.swift:3"])  // the json block is not Swift
        let compiled = try DocsCodeBlockTests.compiledFiles()
        let found = DocsCodeBlockTests.isCompiled(blocks[0].lines, in: compiled)
        #expect(!found)  // a call that does not compile is in no compiled file
        let edited = blocks[0].lines.map { $0.replacingOccurrences(of: "opts: options", with: "options: []") }
        #expect(Self.digest(edited) != Self.digest(blocks[0].lines))
    }

    /// FNV-1a (64 bits) of the block's normalized text, in hex: stable across runs and platforms.
    static func digest(_ lines: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in DocsCodeBlockTests.normalized(lines.joined(separator: "\n")).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The list's digests: the first word of each line that is not blank or a `#` comment.
    static func listedDigests() throws -> Set<String> {
        let text = try String(
            contentsOf: DocsCodeBlockTests.root.appendingPathComponent(listPath), encoding: .utf8)
        return Set(
            text.components(separatedBy: "\n").compactMap { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
                return trimmed.split(separator: " ").first.map(String.init)
            })
    }

    static func sourceFiles() throws -> [URL] {
        let base = DocsCodeBlockTests.root.appendingPathComponent("Sources")
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    static func swiftBlocks(in file: URL) throws -> [Block] {
        let root = DocsCodeBlockTests.root.path
        return try swiftBlocks(inFileAt: file, named: String(file.path.dropFirst(root.count + 1)))
    }

    /// The ```swift and plain ``` blocks of the file's `///` comments (other languages are not Swift).
    static func swiftBlocks(inFileAt file: URL, named name: String) throws -> [Block] {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [Block] = []
        var open: (start: Int, isSwift: Bool, lines: [String])?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("///") else {
                open = nil
                continue
            }
            let content = String(trimmed.dropFirst(3))
            let fence = content.trimmingCharacters(in: .whitespaces)
            if fence.hasPrefix("```") {
                if let block = open {
                    if block.isSwift {
                        blocks.append(Block(location: "\(name):\(block.start + 1)", lines: block.lines))
                    }
                    open = nil
                } else {
                    let language = fence.dropFirst(3).trimmingCharacters(in: .whitespaces)
                    open = (index, language.isEmpty || language == "swift", [])
                }
            } else if open != nil {
                open?.lines.append(content)
            }
        }
        return blocks
    }
}
