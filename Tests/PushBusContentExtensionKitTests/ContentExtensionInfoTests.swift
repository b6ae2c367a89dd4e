import Foundation
import PushBusCategories
import PushBusContentExtensionKit
import PushBusCore
import Testing

/// The seed's warning, checked: a content extension's Info.plist must list a category the app registers, and an
/// extension with controls must enable user interaction.
@Suite struct ContentExtensionInfoTests {
    func plist(category: String, interaction: String? = "<true/>", point: String = ContentExtensionInfo.extensionPoint)
        -> Data
    {
        let interactionEntry =
            interaction.map {
                "<key>UNNotificationExtensionUserInteractionEnabled</key>\($0)"
            } ?? ""
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSExtension</key><dict>
            <key>NSExtensionAttributes</key><dict>
            <key>UNNotificationExtensionCategory</key>\(category)
            \(interactionEntry)
            <key>UNNotificationExtensionDefaultContentHidden</key><true/>
            </dict>
            <key>NSExtensionPointIdentifier</key><string>\(point)</string>
            </dict></dict></plist>
            """.utf8)
    }

    let registry = try! CategoryRegistry([PushCategory("TIMER_REMINDER") {}, PushCategory("CHAT") {}])

    @Test func theSeedsPlistMatchesTheAppsCategory() throws {
        let info = try ContentExtensionInfo(plist: plist(category: "<string>TIMER_REMINDER</string>"))
        #expect(info.categories == ["TIMER_REMINDER"])
        #expect(info.isUserInteractionEnabled == true)
        #expect(info.hidesDefaultContent == true)
        #expect(info.check(against: registry, requiresInteraction: true).isEmpty)
    }

    @Test func aTypoInTheCategoryIsAnErrorThatNamesTheRegisteredOne() throws {
        let info = try ContentExtensionInfo(plist: plist(category: "<string>TIMER_REMIDNER</string>"))
        let findings = info.check(against: registry)
        #expect(findings.map(\.code) == ["category.unregistered"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("did you mean \"TIMER_REMINDER\"") == true)
    }

    @Test func theArrayFormListsSeveralCategories() throws {
        let info = try ContentExtensionInfo(
            plist: plist(category: "<array><string>TIMER_REMINDER</string><string>CHAT</string></array>"))
        #expect(info.categories == ["TIMER_REMINDER", "CHAT"])
        #expect(info.check(against: registry).isEmpty)
    }

    @Test func aMissingInteractionKeyBreaksASlider() throws {
        let info = try ContentExtensionInfo(plist: plist(category: "<string>TIMER_REMINDER</string>", interaction: nil))
        #expect(info.isUserInteractionEnabled == nil)
        #expect(info.check(against: registry).map(\.severity) == [.warning])
        #expect(info.check(against: registry, requiresInteraction: true).map(\.severity) == [.error])
        let off = try ContentExtensionInfo(plist: plist(category: "<string>CHAT</string>", interaction: "<false/>"))
        #expect(off.check(against: registry, requiresInteraction: true).map(\.code) == ["interaction.disabled"])
    }

    @Test func aServiceExtensionPlistIsNotAContentExtension() throws {
        let info = try ContentExtensionInfo(
            plist: plist(category: "<string>CHAT</string>", point: "com.apple.usernotifications.service"))
        #expect(info.check(against: registry).map(\.code) == ["extension.point"])
    }

    @Test func unreadablePlistsAreTypedErrors() {
        #expect(throws: ContentExtensionInfo.ReadError.self) { try ContentExtensionInfo(plist: Data("nope".utf8)) }
        #expect(throws: ContentExtensionInfo.ReadError.missingCategory) {
            try ContentExtensionInfo(plist: plist(category: "<integer>3</integer>"))
        }
    }
}
