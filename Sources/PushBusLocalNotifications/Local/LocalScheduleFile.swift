internal import Foundation
internal import PushBusCore

/// The file a ``LocalNotificationSchedule`` keeps its requests in (`local-notification-schedule.json`): all of
/// the schedule's file code. Written with the package's atomic replace (temporary file, `fsync`, `rename`);
/// read without following a link, only from a regular file, at most ``sizeLimit`` bytes, every value checked.
struct LocalScheduleFile: Sendable {
    static let fileName = "local-notification-schedule.json"
    /// 16 MB: about 30,000 requests of ordinary size.
    static let sizeLimit = 16 << 20

    let url: URL

    init(directory: URL) throws(StoreFileError) {
        url = try StoreFile.url(of: Self.fileName, in: directory)
    }

    func load() throws(StoreFileError) -> LocalScheduleState? {
        guard let file = try StoreFile.load(StoredFile.self, from: url, limit: Self.sizeLimit) else { return nil }
        var state = LocalScheduleState()
        for stored in file.entries {
            guard let trigger = stored.trigger?.trigger else {
                throw StoreFileError(.corrupt, path: url.path, "request \"\(stored.identifier)\" has no trigger")
            }
            let request = LocalNotificationRequest(
                identifier: stored.identifier, content: PushContent(payload: stored.content), trigger: trigger)
            do {
                try request.validate()
            } catch {
                throw StoreFileError(.corrupt, path: url.path, "request \"\(stored.identifier)\": \(error)")
            }
            state.entries[stored.identifier] = LocalScheduleState.Entry(
                request: request, fireDate: stored.fireDate, sequence: stored.sequence,
                isHandedOver: stored.handedOver)
        }
        state.sequence = max(file.sequence, state.entries.values.map(\.sequence).max() ?? 0)
        return state
    }

    func save(_ state: LocalScheduleState) throws(StoreFileError) {
        let file = StoredFile(
            sequence: state.sequence,
            entries: state.sortedEntries().map { entry in
                StoredEntry(
                    identifier: entry.request.identifier, content: entry.request.content.payload,
                    trigger: entry.request.trigger.map(StoredTrigger.init), fireDate: entry.fireDate,
                    sequence: entry.sequence, handedOver: entry.isHandedOver)
            })
        try StoreFile.save(file, to: url)
    }

    private struct StoredFile: StoreFile.Versioned {
        static let formatName = "pushbus.local-notification-schedule"
        static let formatVersion = 1
        var format = formatName
        var version = formatVersion
        var sequence: UInt64
        var entries: [StoredEntry]
    }

    private struct StoredEntry: Codable {
        var identifier: String
        var content: PushValue
        var trigger: StoredTrigger?
        var fireDate: Date?
        var sequence: UInt64
        var handedOver: Bool
    }

    /// A trigger as JSON: `kind` is `interval`, `calendar` or `location`.
    private struct StoredTrigger: Codable {
        var kind: String
        var repeats: Bool
        var interval: TimeInterval?
        var components: DateComponents?
        var region: StoredRegion?

        init(_ trigger: LocalTrigger) {
            repeats = trigger.repeats
            switch trigger {
            case .timeInterval(let interval, _): (kind, self.interval) = ("interval", interval)
            case .calendar(let components, _): (kind, self.components) = ("calendar", components)
            case .location(let region, _):
                kind = "location"
                self.region = StoredRegion(
                    identifier: region.identifier, latitude: region.latitude, longitude: region.longitude,
                    radius: region.radius, entry: region.notifiesOnEntry, exit: region.notifiesOnExit)
            }
        }

        var trigger: LocalTrigger? {
            switch kind {
            case "interval": return interval.map { .timeInterval($0, repeats: repeats) }
            case "calendar": return components.map { .calendar($0, repeats: repeats) }
            case "location":
                return region.map {
                    .location(
                        LocationRegion(
                            identifier: $0.identifier, latitude: $0.latitude, longitude: $0.longitude,
                            radius: $0.radius, notifiesOnEntry: $0.entry, notifiesOnExit: $0.exit),
                        repeats: repeats)
                }
            default: return nil
            }
        }
    }

    private struct StoredRegion: Codable {
        var identifier: String
        var latitude, longitude, radius: Double
        var entry, exit: Bool
    }
}
