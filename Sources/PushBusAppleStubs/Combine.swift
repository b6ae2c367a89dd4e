// Linux-only stand-ins for the two Combine declarations `PushInboxModel` (PushBusApple) is made of, so that the model
// and the SwiftUI views apps write around it (`@ObservedObject var model: PushInboxModel`) type-check on Linux, as
// they do against Apple's SDK. Signatures from the iOS 17.4 SDK's Combine.swiftinterface [I]. Combine's `Publisher`
// is not stubbed: the publishers (`objectWillChange`, `$entries`) are what SwiftUI subscribes to, and nothing on
// Linux subscribes, so the constraint `ObjectWillChangePublisher: Publisher` (with `Failure == Never`) and
// `Published.projectedValue` are left out. `.ci/steps/43-example-app.sh` reaches these through its `SwiftUI` module.
#if PUSHBUS_APPLE_STUBS

/// Stub of `Combine.ObservableObject` (iOS 13) [I: `protocol ObservableObject: AnyObject`, with
/// `associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher` and
/// `var objectWillChange: ObjectWillChangePublisher { get }`]; Apple's documentation page: "ObservableObject".
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// Stub of the default `objectWillChange` [I: `var objectWillChange: ObservableObjectPublisher { get }`]. Combine
    /// keeps one publisher per object; nothing subscribes here, so each read makes one.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// Stub of `Combine.ObservableObjectPublisher` (iOS 13) [I: `final public class ObservableObjectPublisher: Publisher`,
/// `Output == Void`, `Failure == Never`, `init()`, `send()`]; Apple's documentation page: "ObservableObjectPublisher".
final public class ObservableObjectPublisher {
    public init() {}
    /// Stub of `send()`: nothing subscribes on Linux.
    final public func send() {}
}

/// Stub of `Combine.Published` (iOS 13) [I: `@propertyWrapper public struct Published<Value>`, with `init(wrappedValue:)`,
/// `init(initialValue:)`, an unavailable `wrappedValue` ("@Published is only available on properties of classes"),
/// and the `_enclosingInstance` subscript a class's property reads and writes through]; Apple's documentation page:
/// "Published". The value is kept, so a model's properties read back what it wrote.
@propertyWrapper public struct Published<Value> {
    private var value: Value

    public init(wrappedValue: Value) { self.init(initialValue: wrappedValue) }

    public init(initialValue: Value) { value = initialValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set { object[keyPath: storageKeyPath].value = newValue }
    }
}
#endif
