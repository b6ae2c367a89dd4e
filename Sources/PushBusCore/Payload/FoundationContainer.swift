internal import Foundation

/// Reads the elements of an `NSArray` or `NSDictionary` one at a time, as the objects they hold.
///
/// On Linux every public accessor (`object(at:)`, enumerators, `for in`) bridges what it returns to Swift,
/// and bridging a container is eager and recursive: a self-referencing `NSMutableArray` or a dictionary nested
/// 10,000 deep overflows the stack before the caller sees the first element. The containers' mirrors expose
/// their storage as it is, so Linux reads through them. Apple platforms bridge lazily and use the accessors.
enum FoundationContainer {
    /// Calls `body` with each element of the `NSArray` `array`, in order, until it returns false.
    static func forEachElement(of array: AnyObject, _ body: (Any) -> Bool) {
        guard let array = array as? NSArray else { return }
        #if !canImport(Darwin)
        let children = Mirror(reflecting: array).children
        if children.count == array.count {
            for child in children where !body(child.value) { return }
            return
        }
        #endif
        // Apple platforms, and NSArray subclasses whose mirror does not show their storage.
        for index in 0..<array.count where !body(array.object(at: index)) { return }
    }

    /// Calls `body` with each key and value of the `NSDictionary` `dictionary` until it returns false.
    static func forEachEntry(of dictionary: AnyObject, _ body: (Any, Any) -> Bool) {
        guard let dictionary = dictionary as? NSDictionary else { return }
        #if !canImport(Darwin)
        let children = Mirror(reflecting: dictionary).children
        if children.count == dictionary.count {
            for child in children {
                guard let entry = child.value as? (key: NSObject, value: AnyObject) else { continue }
                if !body(entry.key, entry.value) { return }
            }
            return
        }
        #endif
        let keys = dictionary.keyEnumerator()
        while let key = keys.nextObject() {
            guard let value = dictionary.object(forKey: key) else { continue }
            if !body(key, value) { return }
        }
    }
}
