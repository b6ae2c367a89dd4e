import Foundation

/// A counter handlers on any thread may bump (tests only).
final class LockedCounter: @unchecked Sendable {
    // Safe: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    @discardableResult
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// A list handlers on any thread may append to (tests only).
final class LockedList<Element: Sendable>: @unchecked Sendable {
    // Safe: `items` is only touched under `lock`.
    private let lock = NSLock()
    private var items: [Element] = []

    func append(_ item: Element) {
        lock.lock()
        defer { lock.unlock() }
        items.append(item)
    }

    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
