// Linux-only stand-ins for the few SwiftUI declarations Examples/iOSApp uses (an `App` with a delegate adaptor, a
// window group, a UIKit view controller in a view, links, the inbox as a list of an observed model), with the signatures of the iOS 17.4 SDK's
// SwiftUI.swiftinterface [I]: `@_Concurrency.MainActor(unsafe)` there is `@preconcurrency @MainActor` here. Only the
// shapes an app writes are declared; SwiftUI's rendering is not simulated. `.ci/steps/43-example-app.sh` makes a
// `SwiftUI` module that re-exports these, as it does for UIKit.
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `SwiftUI.View` (iOS 13) [I]: the body only.
public protocol View {
    associatedtype Body: View
    @ViewBuilder @preconcurrency @MainActor var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

/// Stub of `SwiftUI.ViewBuilder` [I]: one view.
@resultBuilder public enum ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// Stub of `SwiftUI.Scene` (iOS 14) [I].
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @preconcurrency @MainActor var body: Body { get }
}

extension Never: Scene {}

/// Stub of `SwiftUI.SceneBuilder` [I]: one scene.
@resultBuilder public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// Stub of `SwiftUI.App` (iOS 14) [I: `protocol App`, members `MainActor(unsafe)`, the protocol itself not isolated].
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @preconcurrency @MainActor var body: Body { get }
    @preconcurrency @MainActor init()
}

extension App {
    /// Stub of `static func main()`, which lets an `App` be `@main`. Never run here.
    @preconcurrency @MainActor public static func main() {}
}

/// Stub of `SwiftUI.WindowGroup` (iOS 14) [I].
public struct WindowGroup<Content: View>: Scene {
    private let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { fatalError("a stub scene has no body") }
}

/// Stub of `SwiftUI.DynamicProperty` [I].
public protocol DynamicProperty {}

/// Stub of `SwiftUI.UIApplicationDelegateAdaptor` (iOS 14) [I]: `@MainActor(unsafe)`, a delegate class that is an
/// `NSObject` and a `UIApplicationDelegate`. Type-checking only: SwiftUI makes the delegate, the stub never does.
@preconcurrency @MainActor @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject & UIApplicationDelegate>: DynamicProperty {
    public var wrappedValue: DelegateType { fatalError("SwiftUI makes the delegate; the stub is for type-checking") }
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}
}

/// Stub of `SwiftUI.Text` (iOS 13) [I: `struct Text: View, Equatable, Sendable`; `init<S>(_ content: S) where S:
/// StringProtocol`], the initializer a string reaches on Linux (SwiftUI's literal one takes a `LocalizedStringKey`).
public struct Text: View, Equatable, Sendable {
    public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError("a stub view has no body") }
}

/// A view a modifier returns (stub-only: SwiftUI's are `ModifiedContent`, which an app never names here).
public struct ModifiedView<Content: View>: View {
    let content: Content
    public var body: Never { fatalError("a stub view has no body") }
}

extension View {
    /// Stub of `onOpenURL(perform:)` (iOS 14) [I].
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { ModifiedView(content: self) }

    /// Stub of `onAppear(perform:)` (iOS 13) [I].
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { ModifiedView(content: self) }
}

/// Stub of `SwiftUI.UIViewControllerRepresentable` (iOS 13) [I]: the two requirements an app implements.
public protocol UIViewControllerRepresentable: View where Body == Never {
    associatedtype UIViewControllerType: UIViewController
    typealias Context = UIViewControllerRepresentableContext<Self>
    @preconcurrency @MainActor func makeUIViewController(context: Context) -> UIViewControllerType
    @preconcurrency @MainActor func updateUIViewController(_ uiViewController: UIViewControllerType, context: Context)
}

extension UIViewControllerRepresentable {
    public var body: Never { fatalError("a representable has no body") }
}

/// Stub of `SwiftUI.UIViewControllerRepresentableContext` (iOS 13) [I].
@preconcurrency @MainActor
public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
}

/// Stub of `SwiftUI.ObservedObject` (iOS 13) [I: `@propertyWrapper @frozen public struct ObservedObject<ObjectType>:
/// DynamicProperty where ObjectType: Combine.ObservableObject`, `init(wrappedValue:)`, a `MainActor(unsafe)`
/// `wrappedValue`]; Apple's documentation page: "ObservedObject". `projectedValue` (bindings) is not declared.
@propertyWrapper public struct ObservedObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    private var object: ObjectType
    @preconcurrency @MainActor public var wrappedValue: ObjectType {
        get { object }
        set { object = newValue }
    }
    public init(wrappedValue: ObjectType) { object = wrappedValue }
}

/// Stub of `SwiftUI.ForEach` (iOS 13) [I: `public struct ForEach<Data, ID, Content> where Data:
/// RandomAccessCollection, ID: Hashable`; a `View` where `Content: View`]; Apple's documentation page: "ForEach".
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    private let data: Data
}

extension ForEach: View where Content: View {
    public var body: Never { fatalError("a stub view has no body") }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// Stub of `init(_:content:)` [I].
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { self.data = data }
}

/// Stub of `SwiftUI.List` (iOS 13) [I: `@MainActor(unsafe) public struct List<SelectionValue, Content>: View where
/// SelectionValue: Hashable, Content: View`]; Apple's documentation page: "List". Its body is SwiftUI's; here none.
@preconcurrency @MainActor
public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    public var body: Never { fatalError("a stub view has no body") }
}

extension List where SelectionValue == Never {
    /// Stub of `init(content:)` [I].
    @preconcurrency @MainActor public init(@ViewBuilder content: () -> Content) {}

    /// Stub of `init(_:rowContent:)` [I]: a row per element of an `Identifiable` collection.
    @preconcurrency @MainActor public init<Data, RowContent>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where
        Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View,
        Data.Element: Identifiable
    {}
}

/// Stub of `SwiftUI.Font` (iOS 13) [I: `@frozen public struct Font: Hashable, Sendable`], for its weights only;
/// Apple's documentation page: "Font".
public struct Font: Hashable, Sendable {
    /// Stub of `Font.Weight` [I: `@frozen public struct Weight: Hashable`, `Sendable` in an extension]; Apple's
    /// documentation page: "Font.Weight".
    public struct Weight: Hashable, Sendable {
        private let value: Double  // SwiftUI's is internal; here it only tells the weights apart
        public static let ultraLight = Weight(value: -0.8)
        public static let thin = Weight(value: -0.6)
        public static let light = Weight(value: -0.4)
        public static let regular = Weight(value: 0)
        public static let medium = Weight(value: 0.23)
        public static let semibold = Weight(value: 0.3)
        public static let bold = Weight(value: 0.4)
        public static let heavy = Weight(value: 0.56)
        public static let black = Weight(value: 0.62)
    }
}

extension Text {
    /// Stub of `Text.fontWeight(_:)` (iOS 13) [I: `public func fontWeight(_ weight: Font.Weight?) -> Text`]; Apple's
    /// documentation page: "fontWeight(_:)".
    public func fontWeight(_ weight: Font.Weight?) -> Text { self }
}

extension View {
    /// Stub of `badge(_:)` with a count (iOS 15) [I: `public func badge(_ count: Int) -> some View`]; Apple's
    /// documentation page: "badge(_:)" (the one taking an `Int`, View/badge(_:)-8adyq).
    public func badge(_ count: Int) -> some View { ModifiedView(content: self) }
}
#endif
