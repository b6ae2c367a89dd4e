internal import Foundation

/// The coercion rules: a wrong type is converted only when its meaning is unambiguous, and reported either way.
extension APSReader {
    /// A string; numbers and Booleans are written as text.
    mutating func string(_ value: PushValue?, at keyPath: String) -> String? {
        guard let value else { return nil }
        switch value {
        case .string(let string): return string
        case .null:
            reportNull(at: keyPath, expected: "a string")
            return nil
        case .int(let int):
            report(keyPath, "expected a string, found the number \(int); read as \"\(int)\"", .coerced)
            return String(int)
        case .double(let double):
            let text = value.intValue.map(String.init) ?? String(double)
            report(keyPath, "expected a string, found the number \(double); read as \"\(text)\"", .coerced)
            return text
        case .bool(let bool):
            report(keyPath, "expected a string, found the Boolean \(bool); read as \"\(bool)\"", .coerced)
            return String(bool)
        default:
            report(keyPath, "expected a string, found \(value.typeDescription)", .ignored)
            return nil
        }
    }

    /// An array of strings (localization arguments); a single string or number becomes a one-element array.
    mutating func strings(_ value: PushValue?, at keyPath: String) -> [String]? {
        guard let value else { return nil }
        switch value {
        case .array(let elements):
            var result: [String] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if element.isNull {
                    report("\(keyPath)[\(index)]", "expected a string, found null; read as \"\"", .coerced)
                    result.append("")
                } else if let text = string(element, at: "\(keyPath)[\(index)]") {
                    result.append(text)
                }
            }
            return result
        case .null:
            reportNull(at: keyPath, expected: "an array of strings")
            return nil
        case .string, .int, .double, .bool:
            report(
                keyPath, "expected an array of strings, found \(value.typeDescription); read as one argument", .coerced)
            var scratch = APSReader(issues: [])
            return scratch.string(value, at: keyPath).map { [$0] }
        case .object:
            report(keyPath, "expected an array of strings, found an object", .ignored)
            return nil
        }
    }

    /// An integer; numeric strings and integral numbers are converted.
    mutating func int(_ value: PushValue?, at keyPath: String) -> Int? {
        guard let value else { return nil }
        switch value {
        case .int(let int): return int
        case .null:
            reportNull(at: keyPath, expected: "an integer")
            return nil
        case .string(let string):
            if let int = Int(string.trimmingCharacters(in: .whitespaces)) {
                report(keyPath, "expected a number, found the string \"\(string)\"; read as \(int)", .coerced)
                return int
            }
        case .double(let double):
            if let int = value.intValue {
                report(keyPath, "expected an integer, found \(double); read as \(int)", .coerced)
                return int
            }
        default: break
        }
        report(keyPath, "expected an integer, found \(describe(value))", .ignored)
        return nil
    }

    /// A number; numeric strings are converted.
    mutating func double(_ value: PushValue?, at keyPath: String) -> Double? {
        guard let value else { return nil }
        switch value {
        case .int(let int): return Double(int)
        case .double(let double) where double.isFinite: return double
        case .null:
            reportNull(at: keyPath, expected: "a number")
            return nil
        case .string(let string):
            if let double = Double(string.trimmingCharacters(in: .whitespaces)), double.isFinite {
                report(keyPath, "expected a number, found the string \"\(string)\"; read as \(double)", .coerced)
                return double
            }
        default: break
        }
        report(keyPath, "expected a number, found \(describe(value))", .ignored)
        return nil
    }

    /// A 0/1 flag, as APNs writes `content-available` and `mutable-content`; Booleans and "1"/"true" count.
    mutating func flag(_ value: PushValue?, at keyPath: String) -> Bool {
        guard let value else { return false }
        switch value {
        case .int(let int):
            if int != 0 && int != 1 { report(keyPath, "expected 0 or 1, found \(int); read as 1", .coerced) }
            return int != 0
        case .null:
            reportNull(at: keyPath, expected: "the number 1")
            return false
        case .bool(let bool):
            report(keyPath, "expected the number 1, found the Boolean \(bool); read as \(bool ? 1 : 0)", .coerced)
            return bool
        case .double(let double) where double == 0 || double == 1:
            report(keyPath, "expected the number 1, found \(double)", .coerced)
            return double == 1
        case .string(let string):
            switch string.trimmingCharacters(in: .whitespaces).lowercased() {
            case "1", "true", "yes":
                report(keyPath, "expected the number 1, found the string \"\(string)\"; read as 1", .coerced)
                return true
            case "0", "false", "no", "":
                report(keyPath, "expected the number 1, found the string \"\(string)\"; read as 0", .coerced)
                return false
            default: break
            }
        default: break
        }
        report(keyPath, "expected the number 1, found \(describe(value)); read as 0", .ignored)
        return false
    }

    /// A date written as seconds since 1970 (how Live Activity pushes write `timestamp` and `stale-date`).
    mutating func date(_ value: PushValue?, at keyPath: String) -> Date? {
        guard let value else { return nil }
        if case .string = value {
            guard let seconds = double(value, at: keyPath) else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }
        guard let seconds = value.doubleValue, seconds.isFinite else {
            if value.isNull {
                reportNull(at: keyPath, expected: "seconds since 1970")
            } else {
                report(keyPath, "expected seconds since 1970, found \(describe(value))", .ignored)
            }
            return nil
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// An object (Live Activity `content-state`, `attributes`); anything else is kept as it is and reported.
    mutating func object(_ value: PushValue?, at keyPath: String) -> PushValue? {
        guard let value else { return nil }
        if value.isNull {
            reportNull(at: keyPath, expected: "an object")
            return nil
        }
        if case .object = value { return value }
        report(keyPath, "expected an object, found \(value.typeDescription); kept as it is", .kept)
        return value
    }

    /// `null` where a value of a type is expected reads as absent, and is said, like any other wrong type.
    mutating func reportNull(at keyPath: String, expected: String) {
        report(keyPath, "expected \(expected), found null; read as absent", .ignored)
    }

    private func describe(_ value: PushValue) -> String {
        switch value {
        case .string(let string): return "the string \"\(string.prefix(40))\""
        case .double(let double): return "the number \(double)"
        case .bool(let bool): return "the Boolean \(bool)"
        default: return value.typeDescription
        }
    }
}
