import Benchmark
import PushBus

/// Route matching at 10, 100 and 1,000 registered patterns: the trie (``PushRouter/match(_:)``) against a
/// linear scan. Both parse the URL, pick the winner by the same priority rules and return the parameters.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )

    for count in [10, 100, 1_000] {
        let patterns = RouteSet.patterns(count: count)
        let urls = RouteSet.urls(count: count)
        let router = PushRouter(schemes: ["myapp"])
        for pattern in patterns { try! router.register(pattern) { _ in } }
        let linear = LinearMatcher(patterns: patterns)

        // Sanity: both matchers agree on every sample before anything is measured.
        for url in urls {
            precondition(router.match(url)?.pattern == linear.match(url)?.pattern, "matchers disagree on \(url)")
        }

        Benchmark("Trie match, \(count) routes") { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(router.match(urls[index % urls.count]))
            }
        }
        Benchmark("Linear scan, \(count) routes") { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(linear.match(urls[index % urls.count]))
            }
        }
    }
}

/// A route table shaped like an app's: features with a detail, a list, typed sub-pages and file catch-alls.
enum RouteSet {
    static func patterns(count: Int) -> [String] {
        (0..<count).map { index in
            let feature = "feature\(index / 4)"
            switch index % 4 {
            case 0: return "myapp://\(feature)/:id"
            case 1: return "myapp://\(feature)/list"
            case 2: return "myapp://\(feature)/:id(int)/detail"
            default: return "myapp://\(feature)/files/*path"
            }
        }
    }

    /// 16 URLs spread over the table (first, middle and last features), each hitting one of the shapes.
    static func urls(count: Int) -> [String] {
        let features = max(1, count / 4)
        return (0..<16).map { sample in
            let feature = "feature\(sample * (features - 1) / 15)"
            switch sample % 4 {
            case 0: return "myapp://\(feature)/abc?ref=push"
            case 1: return "myapp://\(feature)/list"
            case 2: return "myapp://\(feature)/\(1_000 + sample)/detail?tab=reviews"
            default: return "myapp://\(feature)/files/docs/2024/report%20final.pdf"
            }
        }
    }
}
