// The complete example of Docs/Testing.md, verbatim from `import PushBusTesting` on (DocsCodeBlockTests checks it): if it
// stops compiling or passing, the guide is wrong.
import Foundation
import PushBusTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct ProductPushTests {
    @Test func coldStartTapOpensTheProductOnceTheFirstScreenIsReady() async throws {
        // Given the app's router (waiting for its first screen) and the app's push wiring
        let router = PushRouter(schemes: ["app"], isReady: false)
        let opened = Opened()
        try router.register("app://product/:productId") { request in opened.append(request["productId"]!) }
        let device = SimulatedDevice(router: router)  // iOS 13+ with scenes, authorized
        let routing = router.attach(to: device.center)  // what the app does in didFinishLaunching

        // When a product push arrives while the app is not running, and the user taps it
        let push = device.deliver(remote: [
            "aps": ["alert": ["title": "New arrival", "body": "iPhone 16 Pro"]],
            "route": "app://product/12345",
        ])
        try device.tap(push)

        // Then iOS's cold-start sequence ran, and the tap is one message, routed only after setReady(true)
        #expect(
            device.callbacks.names == [
                .didFinishLaunching, .sceneWillConnect, .didReceiveResponse,
                .sceneDidBecomeActive,
            ])
        #expect(device.messages.map(\.kind) == [.remoteTapped])
        #expect(opened.values.isEmpty)

        router.setReady(true)  // the first screen's viewDidAppear
        await device.settle()

        #expect(opened.values == ["12345"])
        #expect(device.routes.opened == ["app://product/12345"])
        #expect(device.completions.allCalledOnce)
        withExtendedLifetime(routing) {}
    }
}

/// Collects what route handlers saw (they may run on any thread).
final class Opened: @unchecked Sendable {  // safe: `items` is only touched under `lock`
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
    var values: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
