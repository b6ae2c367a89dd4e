import Foundation
import PushBus
import PushBusTesting
import Testing

/// Silent (content-available) pushes reach the app only when iOS would let them.
///
/// Rows cited: DESIGN.md "…fetchCompletionHandler — background → .remote (silent)"; apple-api-reference.md
/// §6 (fetch variant: "the system launches your app or wakes it from the suspended state") and §11.4
/// (background mode required; not launched after a force-quit).
@Suite(.timeLimit(.minutes(2))) struct SilentPushDeliveryTests {
    @Test func aSuspendedAppIsWokenToTheBackgroundForTheFetchCallback() async {
        let device = SimulatedDevice()
        device.launch()
        device.moveToBackground()
        device.suspend()

        device.deliver(remote: Fixtures.silentPush)
        await device.settle()

        #expect(device.callbacks.last?.callback == .didReceiveRemoteNotification)
        #expect(device.callbacks.last?.state == .background)
        #expect(device.state == .background)
        #expect(device.messages.map(\.isSilent) == [true])
    }

    @Test func anAppTheSystemTerminatedIsLaunchedInTheBackgroundWithoutAScene() async {
        let device = SimulatedDevice()
        device.launch()
        device.terminate(byUser: false)
        let before = device.callbacks.count

        device.deliver(remote: Fixtures.silentPush)
        await device.settle()

        #expect(
            Array(device.callbacks.dropFirst(before)).names == [.didFinishLaunching, .didReceiveRemoteNotification])
        #expect(device.state == .background)
        #expect(device.completions.values(of: .didReceiveRemoteNotification) == ["noData"])
    }

    @Test func anAppTheUserForceQuitGetsNoSilentPushUntilLaunchedAgain() async {
        let device = SimulatedDevice()
        device.launch()
        device.terminate()

        device.deliver(remote: Fixtures.silentPush)
        #expect(device.callbacks.names.filter { $0 == .didReceiveRemoteNotification }.isEmpty)
        #expect(device.messages.isEmpty)

        device.launch()
        device.moveToBackground()
        device.deliver(remote: Fixtures.silentPush, identifier: "after-relaunch")
        await device.settle()
        #expect(device.callbacks.last?.notification == "after-relaunch")
    }

    @Test func withoutTheBackgroundModeASilentPushReachesOnlyAForegroundApp() async {
        let device = SimulatedDevice(configuration: .init(capabilities: []))
        device.launch()
        device.moveToBackground()

        device.deliver(remote: Fixtures.silentPush, identifier: "background")
        #expect(device.messages.isEmpty)

        device.bringToForeground()
        device.deliver(remote: Fixtures.silentPush, identifier: "foreground")
        await device.settle()
        #expect(device.callbacks.last?.notification == "foreground")
        #expect(device.callbacks.last?.state == .active)
    }

    // DeliveryPaths.md "Silent push": a push that launches the app into the background comes in the launch
    // options with state background — an arrival, reported once by the fetch callback, never a later tap.
    @Test func aPushThatLaunchesTheAppInTheBackgroundIsNeverLaterReportedAsATap() async {
        let device = SimulatedDevice()

        device.deliver(remote: Fixtures.alertWithContent)
        await device.settle()
        device.launch()  // later, the user opens the app from the home screen

        #expect(device.callbacks.names.prefix(2) == [.didFinishLaunching, .didReceiveRemoteNotification])
        #expect(device.messages.map(\.kind) == [.remote])
        #expect(device.completions.allCalledOnce)
    }

    @Test func aSilentPushNeedsNoAuthorization() async {
        let device = SimulatedDevice(configuration: .init(authorization: .denied))
        device.launch()
        device.moveToBackground()

        device.deliver(remote: Fixtures.silentPush)
        await device.settle()

        #expect(device.messages.count == 1)
    }

    @Test func aContentAvailableAlertInTheBackgroundIsListedAndFetchedButNeverATap() async {
        // The O2SPushKit bug the adapters avoid: on iOS 10+ the fetch callback means arrival, whatever the state.
        let device = SimulatedDevice()
        device.launch()
        device.moveToBackground()

        let push = device.deliver(remote: Fixtures.alertWithContent)
        await device.settle()

        #expect(device.messages.map(\.kind) == [.remote])
        #expect(device.deliveredNotifications.map(\.identifier) == [push])
    }
}

/// Payloads come as `[String: Any]`, `PushValue` or JSON bytes; anything that is not a JSON object is refused.
@Suite struct PayloadInputTests {
    @Test func theThreePayloadFormsAreTheSamePush() throws {
        let device = SimulatedDevice()
        device.launch()
        device.moveToBackground()

        let fromDictionary = device.deliver(remote: ["aps": ["alert": "Hi"], "k": 1])
        let fromValue = try device.deliver(remote: ["aps": ["alert": "Hi"], "k": 1] as PushValue)
        let fromJSON = try device.deliver(remote: Data(#"{"k": 1, "aps": {"alert": "Hi"}}"#.utf8))
        try device.tap(fromDictionary)
        device.moveToBackground()
        try device.tap(fromValue)
        device.moveToBackground()
        try device.tap(fromJSON)

        // The same payload has one identity (one id), but these are three pushes, each with its own request
        // identifier and date: three taps, none a duplicate.
        #expect(device.deliveries.map(\.message.id).count == 3)
        #expect(Set(device.deliveries.map(\.message.id)).count == 1)
        #expect(device.messages.map(\.kind) == [.remoteTapped, .remoteTapped, .remoteTapped])
        #expect(device.state == .active)
    }

    @Test func aPayloadThatIsNotAJSONObjectIsRefused() {
        let device = SimulatedDevice()

        #expect(throws: SimulationError.self) { try device.deliver(remote: Data("[1, 2]".utf8)) }
        #expect(throws: SimulationError.self) { try device.deliver(remote: Data("{".utf8)) }
        #expect(throws: SimulationError.self) { try device.deliver(remote: PushValue.string("aps")) }
        #expect(device.timeline.isEmpty)
    }
}
