import PushBusCategories
import PushBusCore
import Testing

/// The registry refuses what iOS would reject or mis-handle, with typed errors, and warns where iOS truncates.
@Suite struct CategoryRegistryValidationTests {
    @Test func emptyCategoryIdentifier() {
        #expect(throws: CategoryValidationError.emptyCategoryIdentifier(index: 1)) {
            try CategoryRegistry([PushCategory("ok") {}, PushCategory("") {}])
        }
    }

    @Test func duplicateCategoryIdentifier() {
        #expect(throws: CategoryValidationError.duplicateCategoryIdentifier("chat")) {
            try CategoryRegistry([PushCategory("chat") {}, PushCategory("other") {}, PushCategory("chat") {}])
        }
    }

    @Test func duplicateActionIdentifierWithinACategory() {
        #expect(throws: CategoryValidationError.duplicateActionIdentifier("like", category: "chat")) {
            try CategoryRegistry([
                PushCategory("chat") {
                    PushAction.button("like", title: "Like")
                    PushAction.button("like", title: "Like again")
                }
            ])
        }
    }

    @Test func sameActionIdentifierInTwoCategoriesIsAllowed() throws {
        let registry = try CategoryRegistry([
            PushCategory("a") { PushAction.button("open", title: "Open") },
            PushCategory("b") { PushAction.button("open", title: "Open", options: .foreground) },
        ])
        #expect(registry.action("open", inCategory: "b")?.isForeground == true)
        #expect(registry.action("open", inCategory: "a")?.isForeground == false)
    }

    @Test func emptyActionIdentifierAndTitle() {
        #expect(throws: CategoryValidationError.emptyActionIdentifier(category: "c", index: 0)) {
            try CategoryRegistry([PushCategory("c") { PushAction.button("", title: "T") }])
        }
        #expect(throws: CategoryValidationError.emptyActionTitle(action: "a", category: "c")) {
            try CategoryRegistry([PushCategory("c") { PushAction.button("a", title: "") }])
        }
    }

    @Test func blankTitlesCountAsEmpty() {
        #expect(throws: CategoryValidationError.emptyActionTitle(action: "a", category: "c")) {
            try CategoryRegistry([PushCategory("c") { PushAction.button("a", title: "  ") }])
        }
        #expect(throws: CategoryValidationError.missingTextInputButtonTitle(action: "t", category: "c")) {
            try CategoryRegistry([PushCategory("c") { PushAction.textInput("t", title: "T", buttonTitle: "\n") }])
        }
    }

    @Test func textInputWithoutButtonTitle() {
        #expect(throws: CategoryValidationError.missingTextInputButtonTitle(action: "reply", category: "c")) {
            try CategoryRegistry([PushCategory("c") { PushAction.textInput("reply", title: "Reply", buttonTitle: "") }])
        }
    }

    @Test func validateListsEveryError() {
        let errors = CategoryRegistry.validate([
            PushCategory("") { PushAction.button("a", title: "") },
            PushCategory("x") {
                PushAction.textInput("t", title: "T", buttonTitle: "")
                PushAction.button("t", title: "T")
            },
            PushCategory("x") {},
        ])
        #expect(
            errors == [
                .emptyCategoryIdentifier(index: 0), .emptyActionTitle(action: "a", category: ""),
                .missingTextInputButtonTitle(action: "t", category: "x"),
                .duplicateActionIdentifier("t", category: "x"),
                .duplicateCategoryIdentifier("x"),
            ])
    }

    @Test func minimalActionsMustNotContradictDefaultOnes() {
        let category = PushCategory("c") { PushAction.button("a", title: "A") }
            .minimalActions { PushAction.button("a", title: "Different") }
        #expect(throws: CategoryValidationError.duplicateActionIdentifier("a", category: "c")) {
            try CategoryRegistry([category])
        }
        let consistent = PushCategory("c") { PushAction.button("a", title: "A") }
            .minimalActions { PushAction.button("a", title: "A") }
        #expect((try? CategoryRegistry([consistent])) != nil)
    }

    @Test func warnsWhenMoreThanFourActionsInTheDefaultContext() throws {
        let registry = try CategoryRegistry([
            PushCategory("many") { for index in 0..<5 { PushAction.button("a\(index)", title: "A\(index)") } }
        ])
        #expect(registry.warnings.contains(.tooManyActionsForDefaultContext(category: "many", count: 5)))
    }

    @Test func warnsWhenMoreThanTwoActionsShowInTheMinimalContext() throws {
        let three = PushCategory("three") { for index in 0..<3 { PushAction.button("a\(index)", title: "A") } }
        #expect(
            try CategoryRegistry([three]).warnings == [.tooManyActionsForMinimalContext(category: "three", count: 3)])
        let chosen = three.minimalActions { PushAction.button("a0", title: "A") }
        #expect(try CategoryRegistry([chosen]).warnings.isEmpty)
        let two = PushCategory("two") { for index in 0..<2 { PushAction.button("a\(index)", title: "A") } }
        #expect(try CategoryRegistry([two]).warnings.isEmpty)
    }

    @Test func errorsAndWarningsDescribeThemselves() {
        #expect(CategoryValidationError.duplicateCategoryIdentifier("x").description.contains("'x'"))
        #expect(CategoryWarning.tooManyActionsForMinimalContext(category: "c", count: 3).category == "c")
    }
}
