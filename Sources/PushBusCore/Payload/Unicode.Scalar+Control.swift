extension Unicode.Scalar {
    /// A Boolean value indicating whether the scalar is a control character or a line separator: C0, DEL, C1,
    /// U+2028 and U+2029. None belongs in a deep link, a route parameter or one line of terminal output.
    package var isControlOrLineSeparator: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
