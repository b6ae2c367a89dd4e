import PushBus
import PushBusRouting
import PushBusTestSupport
import Testing

/// The router's observers and will-open hooks follow the package's observer rules: `cancelAndWait()` waits for a
/// call running on another thread, and returns when called from inside the call itself.
@Suite(.timeLimit(.minutes(1))) struct RouterObserverCancelAndWaitTests {
    private func router() -> PushRouter {
        let router = PushRouter(schemes: ["app"])
        try? router.register("app://item/:id") { _ in }
        return router
    }

    @Test func anEventObserverIsWaitedFor() {
        let router = router()
        CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in router.onDidOpen { _ in callback() } },
            trigger: { router.open("app://item/1") })
    }

    @Test func aWillOpenHookIsWaitedFor() {
        let router = router()
        CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in
                router.onWillOpen { attempt in
                    callback()
                    return attempt.url
                }
            },
            trigger: { router.open("app://item/1") })
    }

    @Test func anEventObserverMayCancelAndWaitFromInsideItsCall() {
        let router = router()
        CancelAndWaitProbe.returnsFromInsideTheCallback(
            register: { callback in router.onDidOpen { _ in callback() } },
            trigger: { router.open("app://item/1") })
    }
}
