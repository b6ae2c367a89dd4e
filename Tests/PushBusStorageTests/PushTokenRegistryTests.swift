import Foundation
import PushBusCore
import PushBusStorage
import Testing

/// Every token kind is kept across launches, and each change reaches the server once.
@Suite struct PushTokenRegistryTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    @Test func eachTokenIsReportedOnceAcrossARelaunch() throws {
        // Given the first launch records every kind of token and the server learns them.
        let first = try PushTokenRegistry(directory: directory)
        try first.update(.device, to: "aa01")
        try first.update(.voip, to: "bb02")
        try first.update(.pushToStart(attributesType: "MatchAttributes"), to: "cc03")
        try first.update(.activityUpdate(activityID: "A1"), to: "dd04")
        try first.update(.broadcastChannel(activityID: "A2"), to: "bWF0Y2gtMTAyOQ==")
        try first.update(.widgets, to: "ee05")
        let pending = first.pendingChanges()
        #expect(pending.count == 6)
        for change in pending { try first.markReported(change) }
        #expect(first.pendingChanges().isEmpty)

        // When the app relaunches and iOS hands the same tokens again, one new device token, and one activity ended.
        let second = try PushTokenRegistry(directory: directory)
        #expect(second.tokens().count == 6)
        #expect(try second.update(.voip, to: "bb02") == nil)
        #expect(try second.update(.widgets, to: "ee05") == nil)
        try second.update(.device, to: "aa99")
        try second.update(.activityUpdate(activityID: "A1"), to: nil)

        // Then only the two changes are pending, once, and a third launch has nothing left after reporting.
        #expect(
            second.pendingChanges() == [
                PushTokenRegistry.Change(key: .activityUpdate(activityID: "A1"), value: nil),
                PushTokenRegistry.Change(key: .device, value: "aa99"),
            ])
        for change in second.pendingChanges() { try second.markReported(change) }
        let third = try PushTokenRegistry(directory: directory)
        #expect(third.pendingChanges().isEmpty)
        #expect(third.tokens()[.device] == "aa99")
        #expect(third.tokens()[.activityUpdate(activityID: "A1")] == nil)
    }

    @Test func aTokenThatChangedWhileBeingReportedStaysPending() throws {
        let registry = try PushTokenRegistry(directory: nil)
        let sent = try #require(try registry.update(.device, to: "aa01"))
        try registry.update(.device, to: "aa02")
        try registry.markReported(sent)
        #expect(registry.pendingChanges().map(\.value) == ["aa02"])
    }

    @Test func aDamagedFileOrAMissingDirectoryIsATypedError() throws {
        try Data("[{".utf8).write(to: directory.appendingPathComponent(PushTokenRegistry.fileName))
        #expect(throws: StoreFileError.self) { try PushTokenRegistry(directory: directory) }
        #expect(throws: StoreFileError.self) {
            try PushTokenRegistry(directory: directory.appendingPathComponent("missing"))
        }
    }
}
