// Linux-only stand-ins for the few SwiftUI declarations Examples/iOSApp uses (an `App` with a delegate adaptor, a
// window group, a UIKit view controller in a view, links), with the signatures of the iOS 17.4 SDK's
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
#endif
