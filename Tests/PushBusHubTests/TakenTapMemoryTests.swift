import PushBusCore
import Testing

@testable import PushBusHub

/// The hub's memory of taps subscriptions took (``PushCenter/recentlyTakenTaps``): the newest eight, none older than
/// the parking age, and what it lets go is handed out rather than released under the hub's lock.
@Suite(.timeLimit(.minutes(1))) struct TakenTapMemoryTests {
    let taker = TapTaker(kind: .closure, filter: .tapped)

    @Test func keepsTheNewestEightAndHandsOutTheOlderOnes() {
        var memory = TakenTapMemory(maximumAge: 60)
        var forgotten = ForgottenTaps()
        for index in 0..<10 {
            memory.remember(
                HubFixtures.message("t\(index)", kind: .remoteTapped), takenBy: [taker], at: Double(index),
                forgotten: &forgotten)
        }
        #expect(forgotten.elements.map(\.message.id.rawValue) == ["t0", "t1"])
        var none = ForgottenTaps()
        let recent = memory.recent(at: 10, forgotten: &none)
        #expect(recent.map(\.message.id.rawValue) == (2..<10).map { "t\($0)" })
        #expect(recent.first?.takenBy == ["subscribe .tapped"])
        #expect(none.isEmpty)
    }

    @Test func readingHandsOutTheTapsOlderThanTheParkingAge() {
        var memory = TakenTapMemory(maximumAge: 60)
        var forgotten = ForgottenTaps()
        for (index, at) in [0.0, 30, 50].enumerated() {
            memory.remember(
                HubFixtures.message("t\(index)", kind: .remoteTapped), takenBy: [taker], at: at, forgotten: &forgotten)
        }
        #expect(memory.recent(at: 100, forgotten: &forgotten).map(\.message.id.rawValue) == ["t2"])
        #expect(forgotten.elements.map(\.message.id.rawValue) == ["t0", "t1"])
        #expect(memory.recent(at: 200, forgotten: &forgotten).isEmpty)
        #expect(forgotten.elements.map(\.message.id.rawValue) == ["t0", "t1", "t2"])
    }
}
