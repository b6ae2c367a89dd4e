// The `userInfo` fuzz target (PUSHBUS_FUZZ_TARGET=foundation, see Fuzz/run.sh): the input is a small program
// that builds Foundation containers — NSMutableArray, NSMutableDictionary, Swift arrays and dictionaries around
// them — with deep nesting, shared nodes, cycles and keys of mixed types (`1` and `"1"` together), then reads
// them with `PushContent(userInfo:)`. None may crash, and the reading must be deterministic and bounded:
// - the same program built twice (so dictionaries iterate in other orders) gives equal content and identity;
// - the payload holds at most `PushValue.maximumValueCount` values, and no non-finite number;
// - the payload's JSON text reads back with the same identity.
import Foundation

struct FoundationProgram {
    private var bytes: [UInt8]
    private var index = 0
    /// Every container made, so an operation can refer back to one (sharing) or to an ancestor (a cycle).
    private(set) var made: [AnyObject] = []

    init(_ data: Data) { bytes = Array(data) }

    private mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func key() -> AnyHashable {
        let selector = next() ?? 0
        let number = Int(next() ?? 0) % 8
        switch selector % 5 {
        case 0: return "k\(number)"
        case 1: return number
        case 2: return NSNumber(value: number)
        case 3: return "\(number)"  // collides with the integer key
        default: return Double(number) + 0.5
        }
    }

    private mutating func leaf(_ selector: UInt8) -> Any {
        let raw = next() ?? 0
        switch selector % 9 {
        case 0:
            let length = Int(raw % 24)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length { scalars.append(Unicode.Scalar(next() ?? 0x61)) }
            return String(scalars)
        case 1: return Int(Int8(bitPattern: raw)) * 1_000_003
        case 2: return [Double.nan, .infinity, -.infinity, 1e300, 0.5, -0.0][Int(raw) % 6]
        case 3: return raw.isMultiple(of: 2)
        case 4: return NSNull()
        case 5: return NSNumber(value: UInt64.max - UInt64(raw))
        case 6: return Date(timeIntervalSince1970: Double(raw) * 1e6)
        case 7: return Data(repeating: raw, count: Int(raw % 16))
        default: return PushValue.array([.double(.nan), .string("v\(raw)"), ["n": .int(Int(raw))]])
        }
    }

    /// Runs the program; returns the `userInfo` it built.
    mutating func build() -> [AnyHashable: Any] {
        let root = NSMutableDictionary()
        made.append(root)
        var stack: [AnyObject] = [root]
        var steps = 0
        while let operation = next(), steps < 4_096 {
            steps += 1
            let value: Any
            switch operation % 8 {
            case 0:
                let array = NSMutableArray()
                made.append(array)
                value = array
            case 1:
                let dictionary = NSMutableDictionary()
                made.append(dictionary)
                value = dictionary
            case 2:
                if stack.count > 1 { stack.removeLast() }
                continue
            case 3:
                // A reference to an earlier container: a shared node, or a cycle when it is an ancestor.
                value = made[Int(next() ?? 0) % made.count]
            case 4:
                // Swift containers around an earlier one (value types cannot cycle, their contents can).
                let target = made[Int(next() ?? 0) % made.count]
                value = (next() ?? 0).isMultiple(of: 2) ? [target] as [Any] : [key(): target] as [AnyHashable: Any]
            default:
                value = leaf(next() ?? 0)
            }
            let container = stack[stack.count - 1]
            if let array = container as? NSMutableArray {
                array.add(value)
            } else if let dictionary = container as? NSMutableDictionary {
                dictionary[key()] = value
            }
            if operation % 8 <= 1, stack.count < 200 { stack.append(value as AnyObject) }
        }
        var userInfo: [AnyHashable: Any] = ["aps": ["alert": "fuzz"], "root": root]
        userInfo[1] = made[made.count / 2]
        userInfo["1"] = made[made.count - 1]
        return userInfo
    }

    /// Empties every container, so the cycles the program made do not leak.
    func breakCycles() {
        for container in made {
            (container as? NSMutableArray)?.removeAllObjects()
            (container as? NSMutableDictionary)?.removeAllObjects()
        }
    }
}

func fuzzFoundation(_ data: Data) {
    var first = FoundationProgram(data)
    var second = FoundationProgram(data)
    defer {
        first.breakCycles()
        second.breakCycles()
    }
    let content = PushContent(userInfo: first.build())
    let again = PushContent(userInfo: second.build())
    guard content == again else { fatalError("the same userInfo read twice differs") }
    let message = PushMessage(content: content)
    guard message.id == PushMessage(content: again).id else { fatalError("identity depends on hash order") }
    var count = 0
    var stack = [content.payload]
    while let value = stack.popLast() {
        count += 1
        switch value {
        case .array(let elements): stack += elements
        case .object(let members): stack += members.values
        case .double(let number) where !number.isFinite: fatalError("a non-finite number was read")
        default: break
        }
    }
    guard count <= PushValue.maximumValueCount + 1 else { fatalError("\(count) values read") }
    let fromJSON = PushMessage(content: PushContent(json: content.payload.jsonData()))
    guard fromJSON.id == message.id else { fatalError("identity differs after a JSON round trip") }
}
