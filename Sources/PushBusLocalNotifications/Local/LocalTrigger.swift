public import Foundation

/// When a local notification fires: after an interval, at matching calendar dates, or on entering or leaving a
/// region. `nil` as a request's trigger means "now".
///
/// ```swift
/// let triggers: [LocalTrigger] = [
///     .timeInterval(90, repeats: false),  // 90 s after scheduling
///     .calendar(DateComponents(hour: 8, minute: 30), repeats: true),  // every day at 08:30
///     .calendar(DateComponents(hour: 9, weekday: 2), repeats: true),  // every Monday at 09:00
///     .location(
///         LocationRegion(identifier: "office", latitude: 52.52, longitude: 13.40, radius: 100), repeats: false),
/// ]
/// ```
///
/// The rules are iOS's (`UNTimeIntervalNotificationTrigger`, `UNCalendarNotificationTrigger`,
/// `UNLocationNotificationTrigger`); ``validate()`` checks them before the system would reject or ignore a request.
public enum LocalTrigger: Sendable, Hashable {
    /// Fires `interval` seconds after the request is added; a repeating trigger then fires every `interval`
    /// seconds (iOS requires at least 60).
    case timeInterval(TimeInterval, repeats: Bool)
    /// Fires at the dates matching `components` (give only the ones that matter: `hour: 8` is 08:00:00 daily).
    /// A non-repeating trigger fires once, at the first match.
    case calendar(DateComponents, repeats: Bool)
    /// Fires on entering and/or leaving a circular region (needs location authorization on iOS).
    case location(LocationRegion, repeats: Bool)

    /// A Boolean value indicating whether the trigger fires again after it fired.
    public var repeats: Bool {
        switch self {
        case .timeInterval(_, let repeats), .calendar(_, let repeats), .location(_, let repeats): return repeats
        }
    }

    /// Checks the trigger as iOS does.
    ///
    /// - Throws: ``LocalNotificationError``: an interval that is not positive (or not finite), a repeating interval
    ///   under 60 s, calendar components that are empty or can never match (month 13, day 32, February 30,
    ///   hour 24, …), a region with a bad center, radius or identifier, or one that notifies on neither entry
    ///   nor exit.
    public func validate() throws {
        switch self {
        case .timeInterval(let interval, let repeats):
            guard interval.isFinite, interval > 0 else { throw LocalNotificationError.nonPositiveInterval(interval) }
            if repeats, interval < 60 { throw LocalNotificationError.repeatingIntervalTooShort(interval) }
        case .calendar(let components, _):
            try CalendarMatcher.validate(components)
        case .location(let region, _):
            try region.validate()
        }
    }

    /// The first date strictly after `date` at which the trigger fires, or `nil` if it never does (or, for a
    /// location trigger, if it is not time-based).
    ///
    /// - Time interval: `date + interval` (a repeating trigger re-arms from its fire date).
    /// - Calendar: the first wall-clock time in `calendar` (or the components' own `calendar`/`timeZone`) after
    ///   `date` that matches. Units larger than the largest one given are free; a missing unit below it is
    ///   its minimum, as Foundation matches (`hour: 8` ⇒ 08:00:00 daily, `minute: 30` ⇒ hourly at :30,
    ///   `day: 5, minute: 58` ⇒ 00:58 on the 5th, `month: 3` ⇒ March 1 00:00). `weekday`, `weekdayOrdinal`,
    ///   `weekOfMonth` and `weekOfYear` narrow the days (`month: 5, weekday: 3` is every Tuesday in May,
    ///   where Foundation picks only the first). Months without the day are skipped (day 31 fires in 31-day months
    ///   only; February 29 only in leap years). Across a daylight-saving change a wall time that does not exist
    ///   fires at the same offset into the new hour (02:30 on a spring-forward day fires at 03:30), and one that
    ///   occurs twice fires once, at its first occurrence.
    public func nextFireDate(after date: Date, calendar: Calendar) -> Date? {
        switch self {
        case .timeInterval(let interval, _):
            guard interval.isFinite, interval > 0 else { return nil }
            return date.addingTimeInterval(interval)
        case .calendar(let components, _):
            return CalendarMatcher(components: components, calendar: calendar)?.nextDate(after: date)
        case .location:
            return nil
        }
    }
}
