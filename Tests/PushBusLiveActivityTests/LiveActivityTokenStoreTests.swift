import Foundation
import PushBusCore
import PushBusHub
import PushBusLiveActivity
import Testing

private func token(_ hex: String) -> PushToken { PushToken(hexString: hex)! }

private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-la-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The tokens survive a relaunch, and one call at launch says what the server must register and retract.
@Suite struct LiveActivityTokenStoreTests {
    private let order = LiveActivityIdentity(id: "A1", attributesType: "DeliveryAttributes")
    private let game = LiveActivityIdentity(id: "G7", attributesType: "ScoreAttributes")

    @Test func persistedTokensSurviveARelaunch() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // First run: the app reconciles (nothing saved yet), then tokens arrive and are saved as they come.
        let firstRun = PushCenter()
        let initial = try firstRun.liveActivities.reconcile(with: LiveActivityTokenStore(directory: directory))
        #expect(initial.isEmpty)
        firstRun.liveActivities.post(.pushToStartToken(token("a1"), attributesType: "DeliveryAttributes"))
        firstRun.liveActivities.post(.started(order))
        firstRun.liveActivities.post(.updateToken(token("b1"), activity: order))
        // The process dies. A new process reads the file.
        let saved = try LiveActivityTokenStore(directory: directory).load()
        #expect(saved == firstRun.liveActivities.state)
        #expect(saved?.registrations.map(\.token.hexString) == ["a1", "b1"])
        #expect(firstRun.liveActivities.persistenceError == nil)
    }

    @Test func reconcileOnLaunchRegistersNewTokensAndRetractsDeadOnes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let firstRun = PushCenter()
        _ = try firstRun.liveActivities.reconcile(with: LiveActivityTokenStore(directory: directory))
        firstRun.liveActivities.post(.pushToStartToken(token("a1"), attributesType: "DeliveryAttributes"))
        firstRun.liveActivities.post(.started(order))
        firstRun.liveActivities.post(.updateToken(token("b1"), activity: order))
        // While the app was not running: the order's activity ended, a push started a game activity, and
        // the push-to-start token rotated. At launch the glue reports what ActivityKit holds now.
        let secondRun = PushCenter()
        secondRun.liveActivities.post(.pushToStartToken(token("a2"), attributesType: "DeliveryAttributes"))
        secondRun.liveActivities.post(.started(game))
        secondRun.liveActivities.post(.updateToken(token("c1"), activity: game))
        let changes = try secondRun.liveActivities.reconcile(with: LiveActivityTokenStore(directory: directory))
        #expect(
            changes.toRegister == [
                .pushToStart(token("a2"), attributesType: "DeliveryAttributes"), .update(token("c1"), activity: game),
            ])
        #expect(
            changes.toRetract == [
                .pushToStart(token("a1"), attributesType: "DeliveryAttributes"), .update(token("b1"), activity: order),
            ])
        // Reconciling again in a third run with the same state: nothing to do.
        let thirdRun = PushCenter()
        for event in [
            LiveActivityEvent.pushToStartToken(token("a2"), attributesType: "DeliveryAttributes"),
            .started(game), .updateToken(token("c1"), activity: game),
        ] {
            thirdRun.liveActivities.post(event)
        }
        #expect(try thirdRun.liveActivities.reconcile(with: LiveActivityTokenStore(directory: directory)).isEmpty)
    }

    @Test func theFileIsVersionedAndReplacedWhole() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try LiveActivityTokenStore(directory: directory)
        try store.save(LiveActivityTokenState(pushToStartTokens: [.init(attributesType: "T", token: token("a1"))]))
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(text.contains("\"version\" : 1"))
        #expect(text.contains("\"a1\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == [LiveActivityTokenStore.fileName])
    }

    @Test func badFilesAndDirectoriesAreTypedErrors() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: StoreFileError.self) {
            try LiveActivityTokenStore(directory: directory.appendingPathComponent("missing"))
        }
        let store = try LiveActivityTokenStore(directory: directory)
        #expect(try store.load() == nil)
        try Data("{\"format\":\"x\"".utf8).write(to: store.fileURL)
        #expect { try store.load() } throws: { ($0 as? StoreFileError)?.kind == .corrupt }
        try Data(
            #"{"format":"pushbus.live-activity-tokens","version":9,"state":{"pushToStartTokens":[],"activities":[]}}"#
                .utf8
        )
        .write(to: store.fileURL)
        #expect { try store.load() } throws: { ($0 as? StoreFileError)?.kind == .unsupportedVersion }
        let tokens = LiveActivityTokens()
        #expect(throws: StoreFileError.self) { try tokens.reconcile(with: store) }
    }
}
