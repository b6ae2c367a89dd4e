import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// Token registration per scope: each account's server learns every token once, again only when it changes or the
/// account is added, and the retractions once when the account is removed, across relaunches.
@Suite(.timeLimit(.minutes(1))) struct TokenRegistryPerScopeTests {
    static func report(_ registry: PushTokenRegistry) throws -> [String] {
        let changes = registry.pendingChanges()
        for change in changes { try registry.markReported(change) }
        return changes.map(\.line)
    }

    @Test func eachScopesServerLearnsEachTokenOnceAcrossRelaunches() throws {
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var registry = try PushTokenRegistry(directory: directory, reportsToAppServer: false)
        try registry.addScope(ScopeFixture.alice)
        try registry.addScope(ScopeFixture.bob)
        try registry.update(.device, to: "aa01")
        #expect(try Self.report(registry) == ["alice: device aa01", "bob: device aa01"])
        try registry.update(.device, to: "aa01")  // the same token at the next registration
        #expect(registry.pendingChanges().isEmpty)

        registry = try PushTokenRegistry(directory: directory, reportsToAppServer: false)  // relaunch
        try registry.addScope(ScopeFixture.alice)  // added again at launch: no change
        try registry.update(.device, to: "aa01")
        #expect(registry.pendingChanges().isEmpty)
        try registry.update(.device, to: "bb02")
        #expect(try Self.report(registry) == ["alice: device bb02", "bob: device bb02"])
        #expect(registry.scopes == [ScopeFixture.alice, ScopeFixture.bob])
    }

    @Test func anAddedScopeLearnsEveryCurrentTokenOnce() throws {
        let registry = try PushTokenRegistry(directory: nil)
        try registry.update(.device, to: "aa01")
        try registry.update(.voip, to: "cc03")
        #expect(try Self.report(registry) == ["device aa01", "voip cc03"])  // the app's own server
        try registry.addScope("carol")
        #expect(try Self.report(registry) == ["carol: device aa01", "carol: voip cc03"])
        try registry.addScope("carol")
        #expect(registry.pendingChanges().isEmpty)
    }

    @Test func aRemovedScopeRetractsWhatItsServerHadOnceEvenAfterARelaunch() throws {
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var registry = try PushTokenRegistry(directory: directory, reportsToAppServer: false)
        try registry.addScope(ScopeFixture.alice)
        try registry.addScope(ScopeFixture.bob)
        try registry.update(.device, to: "aa01")
        _ = try Self.report(registry)

        let retractions = try registry.removeScope(ScopeFixture.alice)
        #expect(retractions.map(\.line) == ["alice: device removed"])
        registry = try PushTokenRegistry(directory: directory, reportsToAppServer: false)  // not sent before a relaunch
        #expect(registry.pendingChanges().map(\.line) == ["alice: device removed"])
        #expect(try Self.report(registry) == ["alice: device removed"])
        #expect(registry.scopes == [ScopeFixture.bob])
        registry = try PushTokenRegistry(directory: directory, reportsToAppServer: false)
        #expect(registry.pendingChanges().isEmpty)
        try registry.update(.device, to: "bb02")
        #expect(try Self.report(registry) == ["bob: device bb02"])  // alice is gone for good
    }

    @Test func theAttachedHandlerHearsAScopesRetractions() throws {
        let registry = try PushTokenRegistry(directory: nil, reportsToAppServer: false)
        let center = PushCenter()
        let heard = Recorder<String>()
        let subscription = registry.attach(to: center) { changes in
            for change in changes {
                heard.record(change.line)
                try? registry.markReported(change)
            }
        }
        defer { subscription.cancel() }
        try registry.addScope(ScopeFixture.alice)
        center.post(registration: .registered(PushToken(Data([0xAA, 0x01]))))
        try registry.removeScope(ScopeFixture.alice)
        #expect(heard.values == ["alice: device aa01", "alice: device removed"])
    }

    @Test func aFileWrittenWithoutScopesStillOpensAndAnUnknownScopeIsReported() throws {
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("push-tokens.json")
        try Data(#"[{"key":{"kind":"device"},"current":"aa01","reported":"aa01"}]"#.utf8).write(to: url)
        let registry = try PushTokenRegistry(directory: directory)
        #expect(registry.tokens() == [.device: "aa01"] && registry.pendingChanges().isEmpty)
        try Data(#"{"tokens":[],"scopes":{"":true}}"#.utf8).write(to: url)
        #expect(throws: StoreFileError.self) { try PushTokenRegistry(directory: directory) }
    }
}

extension PushTokenRegistry.Change {
    /// `SCOPE: KIND VALUE`, `removed` for a retraction.
    var line: String { (scope.map { "\($0): " } ?? "") + key.description + " " + (value ?? "removed") }
}
