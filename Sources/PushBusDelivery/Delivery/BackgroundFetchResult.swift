/// What a background fetch (a silent push) achieved: the neutral `UIBackgroundFetchResult`.
///
/// Raw values are Apple's (`newData` 0, `noData` 1, `failed` 2).
public enum BackgroundFetchResult: UInt, Sendable, Hashable, CaseIterable, Codable {
    /// New data was downloaded.
    case newData = 0
    /// There was nothing new.
    case noData = 1
    /// The attempt failed (a handler threw, or did not finish before the deadline).
    case failed = 2

    /// Combines the results of several handlers: any `.newData` wins; else any `.failed`; else `.noData`
    /// (also when there are no results at all).
    public static func aggregate<S: Sequence>(_ results: S) -> BackgroundFetchResult
    where S.Element == BackgroundFetchResult {
        var sawFailure = false
        for result in results {
            switch result {
            case .newData: return .newData
            case .failed: sawFailure = true
            case .noData: break
            }
        }
        return sawFailure ? .failed : .noData
    }
}
