public import Foundation

/// Why a local notification request or trigger is invalid (what iOS would reject, or accept and never fire).
public enum LocalNotificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request identifier is empty.
    case emptyIdentifier
    /// A time-interval trigger's interval is zero, negative or not finite.
    case nonPositiveInterval(TimeInterval)
    /// A repeating time-interval trigger's interval is under 60 seconds.
    case repeatingIntervalTooShort(TimeInterval)
    /// A calendar trigger has no date components.
    case emptyDateComponents
    /// A calendar component is out of its range (for example `month` 13, `hour` 24).
    case invalidDateComponent(Calendar.Component, value: Int)
    /// The components are each valid but can never match together (for example February 30, April 31).
    case unmatchableDateComponents(DateComponents)
    /// A calendar component the trigger does not support (era, quarter, nanosecond, …) is set.
    case unsupportedDateComponent(Calendar.Component)
    /// A location trigger's region has an empty identifier.
    case emptyRegionIdentifier
    /// A region's center is not a valid coordinate.
    case invalidRegionCenter(latitude: Double, longitude: Double)
    /// A region's radius is zero, negative or not finite.
    case invalidRegionRadius(Double)
    /// A region notifies on neither entry nor exit, so it never fires.
    case regionNotifiesOnNothing

    public var description: String {
        switch self {
        case .emptyIdentifier: return "the request identifier is empty"
        case .nonPositiveInterval(let interval): return "time interval \(interval) must be greater than 0"
        case .repeatingIntervalTooShort(let interval):
            return "repeating time interval \(interval) must be at least 60 seconds"
        case .emptyDateComponents: return "calendar trigger has no date components"
        case .invalidDateComponent(let component, let value): return "\(component) \(value) is out of range"
        case .unmatchableDateComponents(let components): return "date components \(components) never match"
        case .unsupportedDateComponent(let component): return "date component \(component) is not supported"
        case .emptyRegionIdentifier: return "the region identifier is empty"
        case .invalidRegionCenter(let latitude, let longitude):
            return "region center (\(latitude), \(longitude)) is not a valid coordinate"
        case .invalidRegionRadius(let radius): return "region radius \(radius) must be greater than 0"
        case .regionNotifiesOnNothing: return "region notifies on neither entry nor exit"
        }
    }
}
