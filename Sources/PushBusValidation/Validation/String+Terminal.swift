internal import PushBusCore

extension String {
    /// The text with every control character written as an escape (`\u{1B}`), so a payload's strings and keys
    /// cannot move the cursor, clear the screen, set the terminal title (ANSI/OSC sequences) or fake a line of
    /// output when printed.
    ///
    /// Escaped: C0 controls (tab and newline included: one value stays on one line), DEL, C1 controls, the
    /// line and paragraph separators and the bidirectional overrides and isolates. A backslash is left as it is.
    package var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if Self.isControl(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The text cut to `limit` characters, saying how much was left out.
    package func truncated(to limit: Int) -> String {
        guard count > limit else { return self }
        return prefix(limit) + "… (\(count - limit) more characters)"
    }

    /// Controls, line separators, and the bidirectional overrides and isolates that reorder what a terminal shows.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isControlOrLineSeparator { return true }
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
