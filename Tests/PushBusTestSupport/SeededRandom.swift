import Foundation
import Testing

/// The random numbers of a randomized test: SplitMix64 from a seed that `PUSHBUS_TEST_SEED` sets (decimal or
/// `0x…` hex; `random` picks a fresh one), else the test's fixed default, so CI always runs the same cases and a
/// failure can be replayed. Put the generator in a failing expectation's comment: it prints the seed and the
/// command that replays it.
///
/// ```swift
/// var random = SeededRandom(default: 0x5EED)
/// let index = Int.random(in: 0..<10, using: &random)
/// #expect(check(index), "\(random)")   // seed 0x5EED — replay: PUSHBUS_TEST_SEED=0x5EED swift test --filter …
/// ```
public struct SeededRandom: RandomNumberGenerator, CustomStringConvertible {
    /// The environment variable that overrides every randomized test's default seed.
    public static let environmentKey = "PUSHBUS_TEST_SEED"

    /// The seed this generator started from.
    public let seed: UInt64
    private var state: UInt64
    private let testName: String
    private let followsEnvironment: Bool

    /// A generator from `seed` exactly (a parameterized test's own argument), whatever the environment says.
    public init(seed: UInt64) { self.init(seed: seed, followsEnvironment: false) }

    /// A generator from `PUSHBUS_TEST_SEED` when it is set, else from `defaultSeed`.
    public init(default defaultSeed: UInt64) {
        self.init(seed: Self.environmentSeed ?? defaultSeed, followsEnvironment: true)
    }

    private init(seed: UInt64, followsEnvironment: Bool) {
        self.seed = seed
        state = seed
        self.followsEnvironment = followsEnvironment
        testName = (Test.current?.name).map { String($0.prefix { $0 != "(" }) } ?? "<test>"
    }

    /// The seed the environment asks for, if any (`random`: a fresh one, printed when used).
    private static let environmentSeed: UInt64? = {
        guard let text = ProcessInfo.processInfo.environment[environmentKey]?.lowercased() else { return nil }
        if text == "random" {
            let seed = UInt64.random(in: .min ... .max)
            print("\(environmentKey)=random chose 0x\(String(seed, radix: 16, uppercase: true))")
            return seed
        }
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }()

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed and how to replay it.
    public var description: String {
        let hex = "0x" + String(seed, radix: 16, uppercase: true)
        let environment = followsEnvironment ? "\(Self.environmentKey)=\(hex) " : ""
        return "seed \(hex) — replay: \(environment)swift test --filter '\(testName)'"
    }
}
