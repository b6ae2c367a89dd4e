import Foundation

/// Why an attachment was refused or failed. The notification is delivered without it.
///
/// A struct with static members, so new reasons never break a `switch`: compare with `==`
/// (`reason == .httpStatus(404)`); ``description`` says what happened.
public struct AttachmentFailureReason: Error, Sendable, Hashable, CustomStringConvertible {
    enum Code: Sendable, Hashable {
        case invalidAddress
        case insecureAddress
        case insecureRedirect
        case httpStatus(Int)
        case timedOut
        case tooLarge(limit: Int)
        case unrecognizedContent
        case unfinished
        case transport(String)
        case fileSystem(String)
        case tooMany(limit: Int)
    }

    let code: Code

    /// The payload's value is not a URL.
    public static let invalidAddress = Self(code: .invalidAddress)
    /// Not HTTPS, and the host is not in ``AttachmentPolicy/allowedInsecureHosts``.
    public static let insecureAddress = Self(code: .insecureAddress)
    /// The server redirected to an address that is not HTTPS (never followed).
    public static let insecureRedirect = Self(code: .insecureRedirect)
    /// The per-attachment timeout passed (slow or endless response).
    public static let timedOut = Self(code: .timedOut)
    /// The bytes are none of the types iOS attaches (an HTML error page, a text file, …).
    public static let unrecognizedContent = Self(code: .unrecognizedContent)
    /// Still downloading when the pipeline ended (deadline or `timeWillExpire`): cancelled.
    public static let unfinished = Self(code: .unfinished)

    /// The server answered with a status outside 200…299.
    public static func httpStatus(_ status: Int) -> Self { Self(code: .httpStatus(status)) }
    /// Bigger than iOS accepts for its type (image 10 MB, audio 5 MB, video 50 MB); stopped while streaming.
    public static func tooLarge(limit: Int) -> Self { Self(code: .tooLarge(limit: limit)) }
    /// The connection failed.
    public static func transport(_ message: String) -> Self { Self(code: .transport(message)) }
    /// The file could not be written.
    public static func fileSystem(_ message: String) -> Self { Self(code: .fileSystem(message)) }
    /// More attachments than ``AttachmentPolicy/maximumCount``.
    public static func tooMany(limit: Int) -> Self { Self(code: .tooMany(limit: limit)) }

    public var description: String {
        switch code {
        case .invalidAddress: return "not a URL"
        case .insecureAddress: return "not HTTPS (allow the host to permit it)"
        case .insecureRedirect: return "redirected to a non-HTTPS address"
        case .httpStatus(let status): return "HTTP \(status)"
        case .timedOut: return "timed out"
        case .tooLarge(let limit): return "larger than \(limit) bytes"
        case .unrecognizedContent: return "bytes are not a supported image, audio or video type"
        case .unfinished: return "cancelled unfinished when the pipeline ended"
        case .transport(let message): return "connection failed: \(message)"
        case .fileSystem(let message): return "file error: \(message)"
        case .tooMany(let limit): return "more than \(limit) attachments"
        }
    }
}
