import PushBusCategories
import PushBusCore
import Testing

/// Categories are merged, never replaced: what another SDK's `setNotificationCategories` removed is put back.
@Suite struct CategoryMergeTests {
    @Test func anSDKReplacingTheSetGetsTheUnionPutBackWithOwnersKept() {
        var merge = CategoryMerge<String>()
        merge.record([("CHAT", "chat v1")], owner: CategoryOwnership.pushBus)

        // Another SDK registers its own set, replacing PushBus's.
        let putBack = merge.reconcile(registered: [("promo", "promo v1")], newOwner: "braze")

        #expect(putBack == ["chat v1", "promo v1"])
        #expect(merge.ownership.owners == ["CHAT": CategoryOwnership.pushBus, "promo": "braze"])
        #expect(merge.ownership.categories(of: "braze") == ["promo"])
    }

    @Test func nothingIsRegisteredAgainWhenNothingIsMissing() {
        var merge = CategoryMerge<String>()
        merge.record([("CHAT", "chat")], owner: CategoryOwnership.pushBus)

        #expect(merge.reconcile(registered: [("CHAT", "chat"), ("extra", "x")], newOwner: "unknown") == nil)
        #expect(merge.ownership.owners["extra"] == "unknown")
    }

    @Test func anOwnerRegisteringAgainReplacesOnlyItsOwnSet() {
        var merge = CategoryMerge<String>()
        merge.record([("CHAT", "chat"), ("OLD", "old")], owner: CategoryOwnership.pushBus)
        merge.record([("promo", "promo")], owner: "braze")

        merge.record([("CHAT", "chat v2")], owner: CategoryOwnership.pushBus)

        #expect(merge.union == ["chat v2", "promo"])
    }

    @Test func theRegisteredVersionOfAKnownCategoryWins() {
        var merge = CategoryMerge<String>()
        merge.record([("CHAT", "chat v1")], owner: CategoryOwnership.pushBus)

        _ = merge.reconcile(registered: [("CHAT", "chat v2")], newOwner: "unknown")

        #expect(merge.union == ["chat v2"])
        #expect(merge.ownership.owners["CHAT"] == CategoryOwnership.pushBus)
    }
}
