internal import Foundation

/// Finds the next date matching a calendar trigger's components, without `Calendar.nextDate(after:matching:…)`
/// (whose behaviour has differed between platforms and releases, notably across DST changes on Linux).
///
/// The search runs in "wall time": the calendar with a GMT time zone, where every day is 86 400 s and nothing
/// is skipped or repeated. Each matching wall time is then mapped to an instant in the real time zone: a wall
/// time that occurs twice maps to its first occurrence; one that does not exist (spring forward) maps with the
/// offset in force before the change, so 02:30 becomes 03:30.
struct CalendarMatcher {
    private static let maximumSearchMonths = 12 * 60

    private let wallCalendar: Calendar
    private let timeZone: TimeZone
    private let year, month, day, weekday, weekdayOrdinal, weekOfMonth, weekOfYear: Int?
    private let hours: [Int], minutes: [Int], seconds: [Int]
    private let hasDayLevelFilter: Bool

    /// `nil` when the components are invalid (see ``validate(_:)``).
    init?(components: DateComponents, calendar: Calendar) {
        guard (try? CalendarMatcher.validate(components)) != nil else { return nil }
        var wallCalendar = components.calendar ?? calendar
        timeZone = components.timeZone ?? calendar.timeZone
        wallCalendar.timeZone = TimeZone(secondsFromGMT: 0) ?? wallCalendar.timeZone
        self.wallCalendar = wallCalendar

        // Levels: 0 year, 1 month, 2 day, 3 hour, 4 minute, 5 second. Levels above the largest one given are
        // free; a missing level below it is its minimum (as Foundation matches: `day: 5, minute: 58` is 00:58).
        let dayLevelGiven =
            components.day != nil || components.weekday != nil || components.weekdayOrdinal != nil
            || components.weekOfMonth != nil || components.weekOfYear != nil
        let levels = [
            components.year != nil, components.month != nil, dayLevelGiven, components.hour != nil,
            components.minute != nil, components.second != nil,
        ]
        let largest = levels.firstIndex(of: true) ?? 5
        year = components.year
        month = components.month ?? (largest < 1 ? 1 : nil)
        day = components.day ?? (dayLevelGiven || largest > 2 ? nil : 1)
        weekday = components.weekday
        weekdayOrdinal = components.weekdayOrdinal
        weekOfMonth = components.weekOfMonth
        weekOfYear = components.weekOfYear
        hasDayLevelFilter = weekday != nil || weekdayOrdinal != nil || weekOfMonth != nil || weekOfYear != nil
        hours = components.hour.map { [$0] } ?? (largest > 3 ? Array(0...23) : [0])
        minutes = components.minute.map { [$0] } ?? (largest > 4 ? Array(0...59) : [0])
        seconds = components.second.map { [$0] } ?? [0]
    }

    /// The first instant strictly after `date` whose wall time matches, or `nil` within about 60 years.
    func nextDate(after date: Date) -> Date? {
        let startWall = date.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: date)))
        // Wall times up to a day before `date`'s may still map after it near an offset change; start a day early.
        let searchStartWall = startWall.addingTimeInterval(-86_400)
        guard var monthStart = wallCalendar.dateInterval(of: .month, for: searchStartWall)?.start else { return nil }
        var best: (instant: Date, wall: Date)?

        for _ in 0..<CalendarMatcher.maximumSearchMonths {
            let current = wallCalendar.dateComponents([.year, .month], from: monthStart)
            if let year, let currentYear = current.year, currentYear > year { break }
            if matches(year: current.year, month: current.month),
                let dayRange = wallCalendar.range(of: .day, in: .month, for: monthStart)
            {
                for dayNumber in dayRange where day == nil || day == dayNumber {
                    let dayStart = monthStart.addingTimeInterval(TimeInterval(dayNumber - dayRange.lowerBound) * 86_400)
                    if dayStart.addingTimeInterval(86_400) <= searchStartWall { continue }
                    if let best, dayStart > best.wall.addingTimeInterval(3 * 3_600) { return best.instant }
                    guard matchesDayLevel(dayStart) else { continue }
                    if let found = firstInstant(on: dayStart, after: date, searchStartWall: searchStartWall, best: best)
                    {
                        best = found
                    }
                }
            }
            if let best, monthStart > best.wall { return best.instant }
            guard let next = wallCalendar.date(byAdding: .month, value: 1, to: monthStart) else { break }
            monthStart = next
        }
        return best?.instant
    }

    private func matches(year currentYear: Int?, month currentMonth: Int?) -> Bool {
        if let year, year != currentYear { return false }
        if let month, month != currentMonth { return false }
        return true
    }

    private func matchesDayLevel(_ dayStart: Date) -> Bool {
        guard hasDayLevelFilter else { return true }
        let noon = dayStart.addingTimeInterval(43_200)
        let parts = wallCalendar.dateComponents([.weekday, .weekdayOrdinal, .weekOfMonth, .weekOfYear], from: noon)
        if let weekday, weekday != parts.weekday { return false }
        if let weekdayOrdinal, weekdayOrdinal != parts.weekdayOrdinal { return false }
        if let weekOfMonth, weekOfMonth != parts.weekOfMonth { return false }
        if let weekOfYear, weekOfYear != parts.weekOfYear { return false }
        return true
    }

    /// The earliest instant after `date` among the day's matching wall times, merged with `best`.
    private func firstInstant(
        on dayStart: Date, after date: Date, searchStartWall: Date, best: (instant: Date, wall: Date)?
    )
        -> (instant: Date, wall: Date)?
    {
        var best = best
        // Most days are far from an offset change: one offset converts every wall time of the day.
        let offsets = [-86_400.0, 43_200, 2 * 86_400].map {
            timeZone.secondsFromGMT(for: dayStart.addingTimeInterval($0))
        }
        let uniformOffset = offsets.allSatisfy { $0 == offsets[0] } ? TimeInterval(offsets[0]) : nil
        for hour in hours {
            for minute in minutes {
                for second in seconds {
                    let wall = dayStart.addingTimeInterval(TimeInterval(hour * 3_600 + minute * 60 + second))
                    if wall < searchStartWall { continue }
                    // Past the first hit, only wall times within a DST shift can still map earlier.
                    if let found = best, wall > found.wall.addingTimeInterval(3 * 3_600) { return best }
                    let instant = uniformOffset.map { wall.addingTimeInterval(-$0) } ?? self.instant(forWall: wall)
                    guard instant > date else { continue }
                    if let found = best {
                        if instant < found.instant { best = (instant, found.wall) }
                    } else {
                        best = (instant, wall)
                    }
                }
            }
        }
        return best
    }

    /// The instant a wall time denotes in ``timeZone``: its first occurrence, or for a skipped wall time the
    /// instant with the offset in force before the change.
    func instant(forWall wall: Date) -> Date {
        let before = timeZone.secondsFromGMT(for: wall.addingTimeInterval(-86_400))
        let after = timeZone.secondsFromGMT(for: wall.addingTimeInterval(86_400))
        let here = timeZone.secondsFromGMT(for: wall)
        var occurrences: [Date] = []
        for offset in Set([before, here, after]) {
            let instant = wall.addingTimeInterval(-TimeInterval(offset))
            if timeZone.secondsFromGMT(for: instant) == offset { occurrences.append(instant) }
        }
        return occurrences.min() ?? wall.addingTimeInterval(-TimeInterval(before))
    }
}

extension CalendarMatcher {
    private static let daysInGregorianMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// Checks that the components are given, in range, supported and able to match together.
    static func validate(_ components: DateComponents) throws {
        let unsupported: [(Calendar.Component, Int?)] = [
            (.era, components.era), (.quarter, components.quarter), (.nanosecond, components.nanosecond),
            (.yearForWeekOfYear, components.yearForWeekOfYear),
        ]
        for (component, value) in unsupported where value != nil {
            throw LocalNotificationError.unsupportedDateComponent(component)
        }
        let checked: [(Calendar.Component, Int?, ClosedRange<Int>)] = [
            (.year, components.year, 1...Int.max), (.month, components.month, 1...12),
            (.day, components.day, 1...31), (.hour, components.hour, 0...23), (.minute, components.minute, 0...59),
            (.second, components.second, 0...59), (.weekday, components.weekday, 1...7),
            (.weekdayOrdinal, components.weekdayOrdinal, 1...5), (.weekOfMonth, components.weekOfMonth, 0...6),
            (.weekOfYear, components.weekOfYear, 1...53),
        ]
        guard checked.contains(where: { $0.1 != nil }) else { throw LocalNotificationError.emptyDateComponents }
        let isGregorian = (components.calendar?.identifier ?? .gregorian) == .gregorian
        for (component, value, gregorianRange) in checked {
            guard let value else { continue }
            var range = gregorianRange
            if !isGregorian, let calendar = components.calendar, component != .year,
                let maximum = calendar.maximumRange(of: component)
            {
                range = maximum.lowerBound...(maximum.upperBound - 1)
            }
            if !range.contains(value) { throw LocalNotificationError.invalidDateComponent(component, value: value) }
        }
        if isGregorian, let month = components.month, let day = components.day {
            var limit = daysInGregorianMonth[month - 1]
            if month == 2, let year = components.year, !(year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) {
                limit = 28
            }
            if day > limit { throw LocalNotificationError.unmatchableDateComponents(components) }
        }
    }
}
