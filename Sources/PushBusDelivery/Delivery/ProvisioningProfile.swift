public import Foundation
internal import PushBusCore

/// What a build's provisioning profile (`embedded.mobileprovision`) says about push: the `aps-environment` the
/// build is signed for, which decides the APNs host its device token belongs to.
///
/// A profile is a CMS-signed property list; the list is read from between its `<?xml` and `</plist>` bytes,
/// without checking the signature (the system did that when it installed the app). App Store builds carry no
/// profile (their environment is `production`): ``embedded(in:)`` returns `nil` for them.
///
/// ```swift
/// if let profile = try ProvisioningProfile.embedded(in: .main) {
///     server.register(token, environment: profile.apsEnvironment ?? "production")
/// }
/// ```
public struct ProvisioningProfile: Sendable, Hashable {
    /// `Entitlements.aps-environment`: `development` or `production`; `nil` when the App ID lacks push.
    public var apsEnvironment: String?
    /// The profile's `Name`.
    public var name: String?

    /// The largest profile read, in bytes (real ones are tens of kilobytes).
    public static let maximumSize = 1 << 20
    /// The profile's file name inside an app bundle.
    package static let fileName = "embedded.mobileprovision"

    /// Reads a profile's bytes.
    ///
    /// - Throws: `ReadError` when the bytes hold no property list, or one without an
    ///   `Entitlements` dictionary.
    public init(data: Data) throws(ReadError) {
        guard data.count <= Self.maximumSize else {
            throw Self.failure("\(data.count) bytes; a provisioning profile is at most \(Self.maximumSize)")
        }
        guard let start = data.range(of: Data("<?xml".utf8)),
            let end = data.range(of: Data("</plist>".utf8), in: start.upperBound..<data.endIndex)
        else { throw Self.failure("no property list inside (expected <?xml … </plist>)") }
        let plist = data.subdata(in: start.lowerBound..<end.upperBound)
        let values: [String: Any]
        do {
            guard
                let dictionary = try PropertyListSerialization.propertyList(from: plist, options: [], format: nil)
                    as? [String: Any]
            else { throw Self.failure("the property list is not a dictionary") }
            values = dictionary
        } catch let error as ReadError {
            throw error
        } catch {
            throw Self.failure(String(describing: error))
        }
        guard let entitlements = values["Entitlements"] as? [String: Any] else {
            throw Self.failure("no Entitlements dictionary")
        }
        apsEnvironment = entitlements["aps-environment"] as? String
        name = values["Name"] as? String
    }

    /// Reads the profile at `url`, at most ``maximumSize`` bytes, without following a symbolic link.
    ///
    /// - Throws: `ReadError` when the file is missing, larger than ``maximumSize``, not a regular
    ///   file, or not a profile.
    public init(contentsOf url: URL) throws(ReadError) {
        let data: Data?
        do {
            data = try StoreFile.read(url, limit: Self.maximumSize)
        } catch {
            throw Self.failure(error.reason)
        }
        guard let data else { throw Self.failure("no file at \(url.path)") }
        try self.init(data: data)
    }

    /// The profile `bundle` embeds (an `.app` directory's `embedded.mobileprovision`); `nil` when it has none, as
    /// App Store builds.
    ///
    /// - Throws: `ReadError` when a profile is there but unreadable.
    public static func embedded(in bundle: Bundle) throws(ReadError) -> ProvisioningProfile? {
        try embedded(inBundleAt: bundle.bundleURL)
    }

    /// The profile the bundle directory at `url` embeds; `nil` when it has none.
    package static func embedded(inBundleAt url: URL) throws(ReadError) -> ProvisioningProfile? {
        let file = url.appendingPathComponent(fileName)
        guard (try? FileManager.default.attributesOfItem(atPath: file.path)) != nil else { return nil }
        return try ProvisioningProfile(contentsOf: file)
    }

    /// Why a profile (or, for `pushbus check-app`, an Info.plist or entitlements file) could not be read.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// Which file.
        public var file: String
        /// What the parser said.
        public var reason: String

        public var description: String { "\(file) is not a property-list dictionary: \(reason)" }
    }

    private static func failure(_ reason: String) -> ReadError {
        ReadError(file: fileName, reason: reason)
    }
}
