import Foundation
import PushBusCore
import PushBusLocalNotifications
import PushBusTestSupport
import Testing

/// `LocalTrigger.nextFireDate(after:calendar:)` across DST changes, leap days, month ends and repeating
/// components. Expected dates are written with their UTC offset, as a person in that zone would read them.
@Suite struct TriggerNextFireDateTests {
    private func calendar(_ zone: String) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        return calendar
    }

    private func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "bad date \(text)")
    }

    private func fireDates(
        _ trigger: LocalTrigger, after start: String, count: Int, in zone: String
    ) throws -> [Date] {
        let calendar = try calendar(zone)
        var dates: [Date] = []
        var current = try date(start)
        for _ in 0..<count {
            let next = try #require(trigger.nextFireDate(after: current, calendar: calendar))
            dates.append(next)
            current = next
        }
        return dates
    }

    private func daily(hour: Int, minute: Int) -> LocalTrigger {
        .calendar(DateComponents(hour: hour, minute: minute), repeats: true)
    }

    @Test func dailyReminderAtMissingTimeFiresAnHourLaterOnBerlinSpringForwardDay() throws {
        // 2026-03-29: 02:00 CET jumps to 03:00 CEST, so 02:30 does not exist that day.
        let dates = try fireDates(
            daily(hour: 2, minute: 30), after: "2026-03-28T02:30:00+01:00", count: 2,
            in: "Europe/Berlin")
        #expect(dates == [try date("2026-03-29T03:30:00+02:00"), try date("2026-03-30T02:30:00+02:00")])
    }

    @Test func dailyReminderAtRepeatedTimeFiresOnceOnBerlinFallBackDay() throws {
        // 2026-10-25: 03:00 CEST falls back to 02:00 CET, so 02:30 happens twice; only the first counts.
        let dates = try fireDates(
            daily(hour: 2, minute: 30), after: "2026-10-24T02:30:00+02:00", count: 2,
            in: "Europe/Berlin")
        #expect(dates == [try date("2026-10-25T02:30:00+02:00"), try date("2026-10-26T02:30:00+01:00")])
    }

    @Test func searchStartingBetweenTheTwoOccurrencesSkipsTheSecond() throws {
        let calendar = try calendar("Europe/Berlin")
        let betweenOccurrences = try date("2026-10-25T02:45:00+02:00")
        let next = daily(hour: 2, minute: 30).nextFireDate(after: betweenOccurrences, calendar: calendar)
        #expect(next == (try date("2026-10-26T02:30:00+01:00")))
    }

    @Test func newYorkSpringForwardAndFallBack() throws {
        // 2026-03-08: 02:00 EST → 03:00 EDT. 2026-11-01: 02:00 EDT → 01:00 EST (01:30 happens twice).
        let spring = try fireDates(
            daily(hour: 2, minute: 30), after: "2026-03-07T12:00:00-05:00", count: 2,
            in: "America/New_York")
        #expect(spring == [try date("2026-03-08T03:30:00-04:00"), try date("2026-03-09T02:30:00-04:00")])
        let fall = try fireDates(
            daily(hour: 1, minute: 30), after: "2026-10-31T12:00:00-04:00", count: 2,
            in: "America/New_York")
        #expect(fall == [try date("2026-11-01T01:30:00-04:00"), try date("2026-11-02T01:30:00-05:00")])
    }

    @Test func dailyReminderKeepsItsWallClockTimeAcrossTheChange() throws {
        let dates = try fireDates(
            daily(hour: 9, minute: 0), after: "2026-03-27T12:00:00+01:00", count: 3,
            in: "Europe/Berlin")
        #expect(
            dates == [
                try date("2026-03-28T09:00:00+01:00"), try date("2026-03-29T09:00:00+02:00"),
                try date("2026-03-30T09:00:00+02:00"),
            ])
        #expect(dates[1].timeIntervalSince(dates[0]) == 23 * 3_600)
    }

    @Test func hourlyTriggerNeitherDuplicatesNorSkipsAcrossSpringForward() throws {
        let hourly = LocalTrigger.calendar(DateComponents(minute: 30), repeats: true)
        let dates = try fireDates(hourly, after: "2026-03-29T00:45:00+01:00", count: 3, in: "Europe/Berlin")
        #expect(
            dates == [
                try date("2026-03-29T01:30:00+01:00"), try date("2026-03-29T03:30:00+02:00"),
                try date("2026-03-29T04:30:00+02:00"),
            ])
    }

    @Test func hourlyTriggerFiresOnceForTheRepeatedHourOnFallBack() throws {
        // 02:30 CEST and 02:30 CET are both "02:30"; only the first fires, then 03:30 CET.
        let hourly = LocalTrigger.calendar(DateComponents(minute: 30), repeats: true)
        let dates = try fireDates(hourly, after: "2026-10-25T01:45:00+02:00", count: 2, in: "Europe/Berlin")
        #expect(dates == [try date("2026-10-25T02:30:00+02:00"), try date("2026-10-25T03:30:00+01:00")])
    }

    @Test func everyMinuteTriggerCoversTheSpringForwardGapWithoutDuplicates() throws {
        let everyMinute = LocalTrigger.calendar(DateComponents(second: 0), repeats: true)
        let dates = try fireDates(everyMinute, after: "2026-03-29T01:58:30+01:00", count: 4, in: "Europe/Berlin")
        #expect(
            dates == [
                try date("2026-03-29T01:59:00+01:00"), try date("2026-03-29T03:00:00+02:00"),
                try date("2026-03-29T03:01:00+02:00"), try date("2026-03-29T03:02:00+02:00"),
            ])
    }

    @Test func yearlyOnFebruary29FiresOnlyInLeapYears() throws {
        let leapDay = LocalTrigger.calendar(DateComponents(month: 2, day: 29, hour: 9), repeats: true)
        let dates = try fireDates(leapDay, after: "2026-01-01T00:00:00Z", count: 3, in: "UTC")
        #expect(
            dates == [
                try date("2028-02-29T09:00:00Z"), try date("2032-02-29T09:00:00Z"), try date("2036-02-29T09:00:00Z"),
            ])
    }

    @Test func leapDaySkipsCenturyYearsThatAreNotLeap() throws {
        let leapDay = LocalTrigger.calendar(DateComponents(month: 2, day: 29), repeats: true)
        let dates = try fireDates(leapDay, after: "2096-03-01T00:00:00Z", count: 1, in: "UTC")
        #expect(dates == [try date("2104-02-29T00:00:00Z")])
    }

    @Test func monthlyOnThe31stSkipsShortMonths() throws {
        let monthly = LocalTrigger.calendar(DateComponents(day: 31, hour: 8), repeats: true)
        let dates = try fireDates(monthly, after: "2026-01-01T00:00:00Z", count: 7, in: "UTC")
        let months = dates.map {
            Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: $0).month
        }
        #expect(months == [1, 3, 5, 7, 8, 10, 12])
        #expect(dates.first == (try date("2026-01-31T08:00:00Z")))
    }

    @Test func weeklyOnAWeekday() throws {
        // 2026-01-04 is a Sunday; weekday 2 is Monday.
        let weekly = LocalTrigger.calendar(DateComponents(hour: 9, minute: 15, weekday: 2), repeats: true)
        let dates = try fireDates(weekly, after: "2026-01-04T12:00:00+01:00", count: 3, in: "Europe/Berlin")
        #expect(
            dates == [
                try date("2026-01-05T09:15:00+01:00"), try date("2026-01-12T09:15:00+01:00"),
                try date("2026-01-19T09:15:00+01:00"),
            ])
    }

    @Test func weeklyAcrossSpringForwardKeepsTheLocalTime() throws {
        let weekly = LocalTrigger.calendar(DateComponents(hour: 8, weekday: 1), repeats: true)
        let dates = try fireDates(weekly, after: "2026-03-22T08:00:00+01:00", count: 2, in: "Europe/Berlin")
        #expect(dates == [try date("2026-03-29T08:00:00+02:00"), try date("2026-04-05T08:00:00+02:00")])
    }

    @Test func yearlyOnADate() throws {
        let yearly = LocalTrigger.calendar(DateComponents(month: 12, day: 25, hour: 7), repeats: true)
        let dates = try fireDates(yearly, after: "2026-12-25T07:00:00-05:00", count: 2, in: "America/New_York")
        #expect(dates == [try date("2027-12-25T07:00:00-05:00"), try date("2028-12-25T07:00:00-05:00")])
    }

    @Test func nthWeekdayOfAMonth() throws {
        // Second Sunday of May.
        let mothersDay = LocalTrigger.calendar(
            DateComponents(month: 5, hour: 10, weekday: 1, weekdayOrdinal: 2), repeats: true)
        let dates = try fireDates(mothersDay, after: "2026-01-01T00:00:00Z", count: 2, in: "UTC")
        #expect(dates == [try date("2026-05-10T10:00:00Z"), try date("2027-05-09T10:00:00Z")])
    }

    @Test func missingSmallerComponentsAreTheirMinimum() throws {
        let calendar = try calendar("UTC")
        let start = try date("2026-06-15T10:45:20Z")
        let atHour = LocalTrigger.calendar(DateComponents(hour: 8), repeats: true)
        #expect(atHour.nextFireDate(after: start, calendar: calendar) == (try date("2026-06-16T08:00:00Z")))
        let atMinute = LocalTrigger.calendar(DateComponents(minute: 30), repeats: true)
        #expect(atMinute.nextFireDate(after: start, calendar: calendar) == (try date("2026-06-15T11:30:00Z")))
        let inMonth = LocalTrigger.calendar(DateComponents(month: 3), repeats: true)
        #expect(inMonth.nextFireDate(after: start, calendar: calendar) == (try date("2027-03-01T00:00:00Z")))
        let everyMinute = LocalTrigger.calendar(DateComponents(second: 0), repeats: true)
        #expect(everyMinute.nextFireDate(after: start, calendar: calendar) == (try date("2026-06-15T10:46:00Z")))
    }

    @Test func fireDateIsStrictlyAfterTheStart() throws {
        let calendar = try calendar("UTC")
        let start = try date("2026-06-15T08:00:00Z")
        let trigger = LocalTrigger.calendar(DateComponents(hour: 8), repeats: true)
        #expect(trigger.nextFireDate(after: start, calendar: calendar) == (try date("2026-06-16T08:00:00Z")))
    }

    @Test func fullySpecifiedDateInThePastNeverFires() throws {
        let calendar = try calendar("UTC")
        let past = LocalTrigger.calendar(DateComponents(year: 2025, month: 5, day: 1, hour: 9), repeats: false)
        #expect(past.nextFireDate(after: try date("2026-01-01T00:00:00Z"), calendar: calendar) == nil)
        let future = LocalTrigger.calendar(DateComponents(year: 2030, month: 5, day: 1, hour: 9), repeats: false)
        #expect(
            future.nextFireDate(after: try date("2026-01-01T00:00:00Z"), calendar: calendar)
                == (try date("2030-05-01T09:00:00Z")))
    }

    @Test func componentsTimeZoneWinsOverTheCalendars() throws {
        var components = DateComponents(hour: 9)
        components.timeZone = TimeZone(identifier: "Asia/Tokyo")
        let trigger = LocalTrigger.calendar(components, repeats: true)
        let next = trigger.nextFireDate(after: try date("2026-01-01T00:00:00Z"), calendar: try calendar("UTC"))
        #expect(next == (try date("2026-01-02T09:00:00+09:00")))
    }

    @Test func timeIntervalFiresIntervalAfterTheDate() throws {
        let calendar = try calendar("Europe/Berlin")
        let start = try date("2026-03-29T01:59:00+01:00")
        #expect(
            LocalTrigger.timeInterval(120, repeats: false).nextFireDate(after: start, calendar: calendar)
                == start.addingTimeInterval(120))
    }

    @Test func locationTriggerHasNoFireDate() throws {
        let region = LocationRegion(identifier: "home", latitude: 52.5, longitude: 13.4, radius: 50)
        #expect(
            LocalTrigger.location(region, repeats: true).nextFireDate(after: Date(), calendar: try calendar("UTC"))
                == nil)
    }
}

/// Where Foundation's `Calendar.nextDate(after:matching:matchingPolicy:)` is unambiguous (no DST, no weekday),
/// the trigger agrees with it.
@Suite struct TriggerFoundationAgreementTests {
    @Test func agreesWithFoundationOnContiguousComponentsInUTC() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var random = SeededRandom(default: 0x5EED)
        let replay = "\(random)"
        func next(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        for _ in 0..<300 {
            var components = DateComponents()
            if next(0...1) == 0 { components.month = next(1...12) }
            if next(0...1) == 0 { components.day = next(1...28) }
            if next(0...1) == 0 { components.hour = next(0...23) }
            if next(0...1) == 0 { components.minute = next(0...59) }
            if components == DateComponents() { components.second = 0 }
            let start = Date(timeIntervalSince1970: 1_767_225_600 + Double(next(0...(86_400 * 800))))
            let ours = LocalTrigger.calendar(components, repeats: true).nextFireDate(after: start, calendar: calendar)
            let foundation = calendar.nextDate(after: start, matching: components, matchingPolicy: .strict)
            #expect(ours == foundation, "\(components) after \(start); \(replay)")
        }
    }
}

extension TriggerFoundationAgreementTests {
    @Test func agreesWithFoundationOnWeeksAndOtherCalendars() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        var cases: [(DateComponents, Calendar)] = []
        for identifier in [Calendar.Identifier.gregorian, .hebrew, .buddhist, .islamicUmmAlQura] {
            var calendar = Calendar(identifier: identifier)
            calendar.timeZone = utc
            cases.append((DateComponents(month: 7, day: 15), calendar))
            cases.append((DateComponents(day: 1, hour: 6), calendar))
        }
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = utc
        cases.append((DateComponents(weekOfYear: 10), gregorian))
        cases.append((DateComponents(hour: 9, weekday: 3, weekOfMonth: 2), gregorian))
        for (components, calendar) in cases {
            let ours = LocalTrigger.calendar(components, repeats: true).nextFireDate(after: start, calendar: calendar)
            let foundation = calendar.nextDate(after: start, matching: components, matchingPolicy: .strict)
            #expect(ours != nil)
            #expect(ours == foundation, "\(components) in \(calendar.identifier)")
        }
    }
}

/// The named calendar shapes build the components the guide describes.
@Suite struct TriggerConvenienceTests {
    @Test func namedShapesAreRepeatingCalendarTriggers() {
        #expect(
            LocalTrigger.daily(hour: 8, minute: 30) == .calendar(DateComponents(hour: 8, minute: 30), repeats: true))
        #expect(
            LocalTrigger.weekly(weekday: 2, hour: 9)
                == .calendar(DateComponents(hour: 9, minute: 0, weekday: 2), repeats: true))
        #expect(
            LocalTrigger.monthly(day: 31, hour: 8)
                == .calendar(DateComponents(day: 31, hour: 8, minute: 0), repeats: true))
        #expect(
            LocalTrigger.yearly(month: 2, day: 29, hour: 7)
                == .calendar(DateComponents(month: 2, day: 29, hour: 7, minute: 0), repeats: true))
    }

    @Test func onceAtADateFiresExactlyThenAndNeverAgain() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let target = Date(timeIntervalSince1970: 1_800_000_000)
        let trigger = LocalTrigger.once(at: target, in: calendar)
        try trigger.validate()
        #expect(!trigger.repeats)
        #expect(trigger.nextFireDate(after: target.addingTimeInterval(-86_400), calendar: calendar) == target)
        #expect(trigger.nextFireDate(after: target, calendar: calendar) == nil)
    }
}
