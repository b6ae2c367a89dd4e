import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusLiveActivity
import Testing

/// Posts from several threads at once: every change is delivered exactly once, each poster's in its order.
@Suite(.timeLimit(.minutes(2))) struct LiveActivityTokenConcurrencyTests {
    @Test func concurrentPostersLoseNothingAndKeepTheirOrder() async {
        // Given one subscriber and 4 posters, each rotating its own type's push-to-start token 200 times
        let tokens = LiveActivityTokens()
        let received = LockedState<[String: [UInt16]]>([:])
        let subscription = tokens.subscribe { event in
            guard case .pushToStartToken(let token, let type) = event else { return }
            let value = token.data.withUnsafeBytes { UInt16(bigEndian: $0.loadUnaligned(as: UInt16.self)) }
            received.withLock { $0[type, default: []].append(value) }
        }
        let posters = 4
        let rotations: UInt16 = 200

        // When they all post at once
        await withTaskGroup(of: Void.self) { group in
            for poster in 0..<posters {
                group.addTask {
                    for value in 1...rotations {
                        let bytes = withUnsafeBytes(of: value.bigEndian) { Data($0) }
                        tokens.post(.pushToStartToken(PushToken(bytes), attributesType: "T\(poster)"))
                    }
                }
            }
        }

        // Then each type's tokens arrived once each, in the order posted, and the state holds the last ones
        let byType = received.withLock { $0 }
        #expect(byType.count == posters)
        for poster in 0..<posters {
            #expect(byType["T\(poster)"] == Array(1...rotations))
        }
        #expect(tokens.state.pushToStartTokens.count == posters)
        withExtendedLifetime(subscription) {}
    }
}
