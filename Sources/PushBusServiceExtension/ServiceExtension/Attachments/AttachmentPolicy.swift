public import Foundation

/// The rules attachments are downloaded under.
///
/// ```swift
/// var policy = AttachmentPolicy()
/// policy.timeout = 15
/// policy.allowedInsecureHosts = ["127.0.0.1"]   // tests only: everything else must be HTTPS
/// ```
public struct AttachmentPolicy: Sendable {
    /// Seconds each attachment may take, from request to last byte (slow and endless responses stop here).
    public var timeout: TimeInterval
    /// Largest accepted image (Apple: 10 MB).
    public var maximumImageBytes: Int
    /// Largest accepted audio file (Apple: 5 MB).
    public var maximumAudioBytes: Int
    /// Largest accepted video (Apple: 50 MB).
    public var maximumVideoBytes: Int
    /// Hosts that may be fetched over plain HTTP. Redirects are followed only to HTTPS, whatever the host.
    public var allowedInsecureHosts: Set<String>
    /// At most this many attachments per notification; the rest are reported ``AttachmentFailureReason/tooMany(limit:)``.
    public var maximumCount: Int
    /// Where files are written (default: a `PushBusAttachments` folder in the temporary directory). In an
    /// extension the files must outlive the content handler: iOS moves them into its own store when attaching.
    public var directory: URL

    /// Apple's limits, a 20-second timeout, HTTPS only.
    public init(
        timeout: TimeInterval = 20, maximumImageBytes: Int = 10_000_000, maximumAudioBytes: Int = 5_000_000,
        maximumVideoBytes: Int = 50_000_000, allowedInsecureHosts: Set<String> = [], maximumCount: Int = 10,
        directory: URL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "PushBusAttachments", isDirectory: true)
    ) {
        self.timeout = timeout
        self.maximumImageBytes = maximumImageBytes
        self.maximumAudioBytes = maximumAudioBytes
        self.maximumVideoBytes = maximumVideoBytes
        self.allowedInsecureHosts = allowedInsecureHosts
        self.maximumCount = maximumCount
        self.directory = directory
    }

    /// The size limit for a type's category.
    func maximumBytes(for category: AttachmentMediaType.Category) -> Int {
        switch category {
        case .image: return maximumImageBytes
        case .audio: return maximumAudioBytes
        case .video: return maximumVideoBytes
        }
    }

    /// The largest of the three limits: what a download may reach before its type is known.
    var largestLimit: Int { max(maximumImageBytes, maximumAudioBytes, maximumVideoBytes) }

    /// Checks an address before any request: a URL, HTTPS or an allowed host.
    func check(_ address: String) -> Result<URL, AttachmentFailureReason> {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), url.host != nil else {
            return .failure(.invalidAddress)
        }
        if scheme == "https" { return .success(url) }
        if scheme == "http", let host = url.host, allowedInsecureHosts.contains(host) { return .success(url) }
        return .failure(scheme == "http" ? .insecureAddress : .invalidAddress)
    }
}
