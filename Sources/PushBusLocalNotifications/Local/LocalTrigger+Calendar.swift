public import Foundation

extension LocalTrigger {
    /// Every day at `hour:minute` (wall-clock time in the scheduler's calendar).
    public static func daily(hour: Int, minute: Int = 0) -> LocalTrigger {
        .calendar(DateComponents(hour: hour, minute: minute), repeats: true)
    }

    /// Every week on `weekday` (1 = Sunday … 7 = Saturday, as `Calendar` counts) at `hour:minute`.
    public static func weekly(weekday: Int, hour: Int, minute: Int = 0) -> LocalTrigger {
        .calendar(DateComponents(hour: hour, minute: minute, weekday: weekday), repeats: true)
    }

    /// Every month on `day` at `hour:minute`; months without that day are skipped (day 31 fires seven times a
    /// year), as iOS does.
    public static func monthly(day: Int, hour: Int, minute: Int = 0) -> LocalTrigger {
        .calendar(DateComponents(day: day, hour: hour, minute: minute), repeats: true)
    }

    /// Every year on `month`/`day` at `hour:minute`; February 29 fires in leap years only.
    public static func yearly(month: Int, day: Int, hour: Int, minute: Int = 0) -> LocalTrigger {
        .calendar(DateComponents(month: month, day: day, hour: hour, minute: minute), repeats: true)
    }

    /// Once, at `date`'s wall-clock time in `calendar` (to the second).
    public static func once(at date: Date, in calendar: Calendar) -> LocalTrigger {
        let components = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return .calendar(components, repeats: false)
    }
}
