package import Foundation
package import PushBusCore

/// What `pushbus validate` says about one input: the validator's diagnostics and the message PushBus would
/// deliver for it. The command is a thin wrapper, so the same logic is testable here.
///
/// ```swift
/// let report = PayloadReport(source: "fcm.json", data: bytes)
/// print(report.text)  // diagnostics, then the normalized message
/// exit(report.status.rawValue)  // 0 clean, 1 errors, 2 unreadable
/// ```
package struct PayloadReport: Sendable {
    /// The outcome, as the command's exit status.
    package enum Status: Int32, Sendable, Hashable, Comparable {
        /// No errors (warnings allowed).
        case clean = 0
        /// The validator found at least one error.
        case errors = 1
        /// The input could not be read (missing file, permission, I/O error).
        case unreadable = 2

        package static func < (lhs: Status, rhs: Status) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The file name, or `-` for standard input.
    package var source: String
    /// The validator's findings, errors first.
    package var diagnostics: [PayloadDiagnostic]
    /// The message built from the payload (its `PushContent/issues` say how it was read); `nil` only when
    /// the input could not be read.
    package var message: PushMessage?
    /// Why the input could not be read.
    package var readFailure: String?

    /// Validates `data` and builds the message a device would deliver for it.
    ///
    /// The message is a `.remote` delivery at `date` (fixed by default so output is reproducible).
    package init(source: String, data: Data, pushType: PushType = .alert, date: Date = Date(timeIntervalSince1970: 0)) {
        self.source = source
        diagnostics = PayloadValidator.validate(data, pushType: pushType)
        message = PushMessage(content: PushContent(json: data), path: .direct, date: date)
        readFailure = nil
    }

    /// A report for an input that could not be read.
    package init(source: String, readFailure: String) {
        self.source = source
        diagnostics = []
        message = nil
        self.readFailure = readFailure
    }

    package var status: Status {
        if readFailure != nil { return .unreadable }
        return diagnostics.contains { $0.severity == .error } ? .errors : .clean
    }

    /// The worst status of several reports: what the command exits with.
    package static func status(of reports: [PayloadReport]) -> Status {
        reports.map(\.status).max() ?? .clean
    }
}
