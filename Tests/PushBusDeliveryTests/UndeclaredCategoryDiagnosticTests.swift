import Foundation
import PushBusCategories
import PushBusCore
import PushBusDelivery
import PushBusHub
import PushBusTestSupport
import Testing

/// A category used by a scheduled or received notification that no registered category and no content extension
/// declares is a `category.undeclared` finding (the seed's warning: the category must match).
@Suite(.timeLimit(.minutes(2))) struct UndeclaredCategoryDiagnosticTests {
    static func delivery(registering category: String) throws -> PushDelivery {
        let delivery = PushDelivery(center: PushCenter())
        delivery.categories = try CategoryRegistry([PushCategory(category) { PushAction.button("OK", title: "OK") }])
        return delivery
    }

    @Test func aReceivedNotificationWithATypoInItsCategoryIsReported() async throws {
        let delivery = try Self.delivery(registering: "TIMER_REMINDER")
        let adapter = UserNotificationAdapter(delivery: delivery)

        _ = await adapter.willPresent(
            NotificationSnapshot(
                requestIdentifier: "r1", trigger: .timeInterval,
                content: PushContent(title: "Time's up", categoryIdentifier: "TIMER_REMAINDER")))

        let findings = delivery.deliveryDiagnostics.findings.filter { $0.code == "category.undeclared" }
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("TIMER_REMAINDER") == true)
        #expect(delivery.deliveryDiagnostics.undeclaredCategories == ["TIMER_REMAINDER"])
    }

    @Test func aScheduledCategoryDeclaredByTheContentExtensionOrRegisteredIsFine() throws {
        let delivery = try Self.delivery(registering: "CHAT")
        delivery.noteCategoryUse("CHAT")
        delivery.noteCategoryUse("TIMER_REMINDER")
        #expect(delivery.deliveryDiagnostics.undeclaredCategories == ["TIMER_REMINDER"])

        delivery.contentExtensionCategories = ["TIMER_REMINDER"]

        #expect(delivery.deliveryDiagnostics.undeclaredCategories == [])
        #expect(!delivery.deliveryDiagnostics.findings.contains { $0.code == "category.undeclared" })
    }
}
