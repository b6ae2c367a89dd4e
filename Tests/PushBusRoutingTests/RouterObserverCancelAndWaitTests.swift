import PushBus
import PushBusRouting
import PushBusTestSupport
import Testing

/// The router's event observers follow the package's observer rules: `cancelAndWait()` waits for a call running on
/// another thread, and returns when called from inside the call itself. (Will-open interceptors are part of the
/// frozen registrations, not observers: they are never cancelled.)
@Suite(.timeLimit(.minutes(1))) struct RouterObserverCancelAndWaitTests {
    private func router() -> PushRouter {
        let router = PushRouter(schemes: ["app"])
        try? router.register("app://item/:id") { _ in }
        return router
    }

    @Test func anEventObserverIsWaitedFor() async {
        let router = router()
        await CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in router.observe { event in if case .didOpen = event { callback() } } },
            trigger: { router.open("app://item/1") })
    }

    @Test func anEventObserverMayCancelAndWaitFromInsideItsCall() async {
        let router = router()
        await CancelAndWaitProbe.returnsFromInsideTheCallback(
            register: { callback in router.observe { event in if case .didOpen = event { callback() } } },
            trigger: { router.open("app://item/1") })
    }
}
