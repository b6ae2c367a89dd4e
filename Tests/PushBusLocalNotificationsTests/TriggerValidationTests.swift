import Foundation
import PushBusCore
import PushBusLocalNotifications
import Testing

/// Triggers and requests are checked as iOS checks them, with typed errors.
@Suite struct TriggerValidationTests {
    @Test(arguments: [0.0, -5, .infinity, .nan])
    func intervalMustBePositiveAndFinite(_ interval: TimeInterval) {
        #expect(throws: LocalNotificationError.self) {
            try LocalTrigger.timeInterval(interval, repeats: false).validate()
        }
        if interval == 0 {
            #expect(throws: LocalNotificationError.nonPositiveInterval(0)) {
                try LocalTrigger.timeInterval(0, repeats: false).validate()
            }
        }
    }

    @Test func repeatingIntervalNeedsAtLeastAMinute() throws {
        #expect(throws: LocalNotificationError.repeatingIntervalTooShort(59)) {
            try LocalTrigger.timeInterval(59, repeats: true).validate()
        }
        try LocalTrigger.timeInterval(60, repeats: true).validate()
        try LocalTrigger.timeInterval(1, repeats: false).validate()
    }

    @Test func calendarComponentsOutOfRangeAreRejected() {
        let cases: [(DateComponents, Calendar.Component, Int)] = [
            (DateComponents(month: 13), .month, 13), (DateComponents(month: 0), .month, 0),
            (DateComponents(day: 32), .day, 32), (DateComponents(day: 0), .day, 0),
            (DateComponents(hour: 24), .hour, 24), (DateComponents(hour: -1), .hour, -1),
            (DateComponents(minute: 60), .minute, 60), (DateComponents(second: 60), .second, 60),
            (DateComponents(weekday: 0), .weekday, 0), (DateComponents(weekday: 8), .weekday, 8),
            (DateComponents(weekOfYear: 54), .weekOfYear, 54),
        ]
        for (components, component, value) in cases {
            #expect(throws: LocalNotificationError.invalidDateComponent(component, value: value)) {
                try LocalTrigger.calendar(components, repeats: true).validate()
            }
        }
    }

    @Test func calendarComponentsThatCanNeverMatchTogetherAreRejected() throws {
        for components in [
            DateComponents(month: 2, day: 30), DateComponents(month: 4, day: 31), DateComponents(month: 11, day: 31),
            DateComponents(year: 2027, month: 2, day: 29),
        ] {
            #expect(throws: LocalNotificationError.unmatchableDateComponents(components)) {
                try LocalTrigger.calendar(components, repeats: false).validate()
            }
        }
        try LocalTrigger.calendar(DateComponents(month: 2, day: 29), repeats: true).validate()
        try LocalTrigger.calendar(DateComponents(year: 2028, month: 2, day: 29), repeats: false).validate()
        try LocalTrigger.calendar(DateComponents(day: 31), repeats: true).validate()
    }

    @Test func emptyOrUnsupportedCalendarComponentsAreRejected() {
        #expect(throws: LocalNotificationError.emptyDateComponents) {
            try LocalTrigger.calendar(DateComponents(), repeats: true).validate()
        }
        var withQuarter = DateComponents(hour: 9)
        withQuarter.quarter = 2
        #expect(throws: LocalNotificationError.unsupportedDateComponent(.quarter)) {
            try LocalTrigger.calendar(withQuarter, repeats: true).validate()
        }
    }

    @Test func invalidCalendarComponentsHaveNoFireDate() {
        let trigger = LocalTrigger.calendar(DateComponents(month: 2, day: 30), repeats: true)
        #expect(trigger.nextFireDate(after: Date(), calendar: Calendar(identifier: .gregorian)) == nil)
    }

    @Test func regionsAreChecked() throws {
        func region(
            _ identifier: String = "r", latitude: Double = 10, longitude: Double = 20, radius: Double = 100,
            entry: Bool = true, exit: Bool = false
        ) -> LocalTrigger {
            .location(
                LocationRegion(
                    identifier: identifier, latitude: latitude, longitude: longitude, radius: radius,
                    notifiesOnEntry: entry, notifiesOnExit: exit), repeats: false)
        }
        try region().validate()
        #expect(throws: LocalNotificationError.emptyRegionIdentifier) { try region("").validate() }
        #expect(throws: LocalNotificationError.invalidRegionCenter(latitude: 91, longitude: 20)) {
            try region(latitude: 91).validate()
        }
        #expect(throws: LocalNotificationError.invalidRegionCenter(latitude: 10, longitude: -181)) {
            try region(longitude: -181).validate()
        }
        #expect(throws: LocalNotificationError.invalidRegionRadius(0)) { try region(radius: 0).validate() }
        #expect(throws: LocalNotificationError.regionNotifiesOnNothing) { try region(entry: false).validate() }
        try region(entry: false, exit: true).validate()
    }

    @Test func requestNeedsAnIdentifierAndAValidTrigger() throws {
        let content = PushContent(title: "Hi")
        #expect(throws: LocalNotificationError.emptyIdentifier) {
            try LocalNotificationRequest(identifier: "", content: content).validate()
        }
        #expect(throws: LocalNotificationError.repeatingIntervalTooShort(10)) {
            try LocalNotificationRequest(identifier: "a", content: content, trigger: .timeInterval(10, repeats: true))
                .validate()
        }
        try LocalNotificationRequest(identifier: "now", content: content).validate()
    }

    @Test func repeatsReflectsTheTrigger() {
        #expect(LocalTrigger.timeInterval(60, repeats: true).repeats)
        #expect(!LocalTrigger.calendar(DateComponents(hour: 1), repeats: false).repeats)
    }
}
