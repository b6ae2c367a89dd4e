public import Foundation

/// A downloaded media file attached to a notification.
public struct ServiceExtensionAttachment: Sendable, Hashable {
    /// The attachment's identifier (`UNNotificationAttachment.identifier`).
    public var identifier: String
    /// The file, named with the extension matching ``mediaType`` (iOS refuses a file with a wrong one).
    public var fileURL: URL
    /// The type read from the file's first bytes.
    public var mediaType: AttachmentMediaType
    /// Where it was downloaded from.
    public var sourceURL: URL
    /// The file's size in bytes.
    public var byteCount: Int

    /// Creates an attachment for a file already downloaded and typed; nothing is read or checked here.
    public init(
        identifier: String, fileURL: URL, mediaType: AttachmentMediaType, sourceURL: URL, byteCount: Int
    ) {
        self.identifier = identifier
        self.fileURL = fileURL
        self.mediaType = mediaType
        self.sourceURL = sourceURL
        self.byteCount = byteCount
    }
}

/// What happened to one attachment a payload asked for: read ``outcome``.
public struct AttachmentReport: Sendable, Hashable {
    /// The outcome of one attachment.
    public enum Outcome: Sendable, Hashable {
        /// Downloaded, typed and attached.
        case attached(ServiceExtensionAttachment)
        /// Refused or failed; the notification is delivered without it.
        case failed(AttachmentFailureReason)
    }

    /// The payload key it was found under (`fcm_options.image`, `att.id`, …).
    public var key: String
    /// The address as the payload gave it.
    public var address: String
    /// Attached (with the file) or failed (with the reason).
    public var outcome: Outcome

    package init(key: String, address: String, outcome: Outcome) {
        self.key = key
        self.address = address
        self.outcome = outcome
    }

    /// The attachment, when it was attached.
    package var attachment: ServiceExtensionAttachment? {
        if case .attached(let attachment) = outcome { return attachment }
        return nil
    }

    /// The reason, when it failed.
    package var failure: AttachmentFailureReason? {
        if case .failed(let reason) = outcome { return reason }
        return nil
    }
}
