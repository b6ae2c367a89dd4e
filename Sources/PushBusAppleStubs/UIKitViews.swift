// Linux-only stand-ins for the UIKit view types Examples/iOSApp uses, so CI type-checks the example app against the
// stubs (.ci/steps/43-example-app.sh). Only the members the example calls, each with the signature of the iOS 17.4
// SDK's UIKit interface: every class is `@MainActor` (`NS_SWIFT_UI_ACTOR`), `open`, not `Sendable`; `init?(coder:)`
// is required (NSCoding); `UIActionHandler` is a plain `(UIAction) -> Void`. Never run: bodies do the least.
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `UIView` (iOS 2).
@MainActor open class UIView: UIResponder {
    open var frame: CGRect
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    public private(set) var subviews: [UIView] = []

    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    public required init?(coder: NSCoder) { nil }

    /// `init()`, inherited from `NSObject` in UIKit: a zero frame.
    public convenience override init() { self.init(frame: .zero) }

    open func addSubview(_ view: UIView) { subviews.append(view) }
}

/// Stub of `UILabel` (iOS 2).
@MainActor open class UILabel: UIView {
    open var text: String?
    open var numberOfLines: Int = 1
}

/// Stub of `UIControl` (iOS 2).
@MainActor open class UIControl: UIView {}

/// Stub of `UISlider` (iOS 2).
@MainActor open class UISlider: UIControl {
    open var value: Float = 0
    open var minimumValue: Float = 0
    open var maximumValue: Float = 1
}

/// Stub of `UIButton` (iOS 2).
@MainActor open class UIButton: UIControl {
    /// `convenience init(frame: CGRect, primaryAction: UIAction?)` (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) { self.init(frame: frame) }
}

/// Stub of `UIActionHandler` (iOS 13): not `@Sendable`, not isolated.
public typealias UIActionHandler = (UIAction) -> Void

/// Stub of `UIMenuElement` (iOS 13).
@MainActor open class UIMenuElement: NSObject {}

/// Stub of `UIAction` (iOS 13).
@MainActor open class UIAction: UIMenuElement {
    open var title: String
    let handler: UIActionHandler

    /// Apple's initializer, its image, identifier, attributes and state parameters left out (all have defaults).
    public init(title: String = "", handler: @escaping UIActionHandler) {
        self.title = title
        self.handler = handler
    }
}

/// Stub of `UIViewController` (iOS 2).
@MainActor open class UIViewController: UIResponder {
    open var title: String?
    private var loadedView: UIView?

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    public required init?(coder: NSCoder) { nil }

    /// `var view: UIView!` (loaded on first access).
    open var view: UIView! {
        get {
            if let loadedView { return loadedView }
            let made = UIView()
            loadedView = made
            viewDidLoad()
            return made
        }
        set { loadedView = newValue }
    }

    open func viewDidLoad() {}
    open func viewDidAppear(_ animated: Bool) {}

    /// `var extensionContext: NSExtensionContext? { get }` (iOS 8): the extension's context; `nil` in an app.
    open var extensionContext: NSExtensionContext? { nil }
}

/// Stub of `UINavigationController` (iOS 2).
@MainActor open class UINavigationController: UIViewController {
    public private(set) var viewControllers: [UIViewController] = []

    public init(rootViewController: UIViewController) {
        viewControllers = [rootViewController]
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) { nil }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        viewControllers.append(viewController)
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        let popped = Array(viewControllers.dropFirst())
        viewControllers = Array(viewControllers.prefix(1))
        return popped
    }
}

/// Stub of `UIWindowScene` (iOS 13).
@MainActor open class UIWindowScene: UIScene {}

/// Stub of `UIWindow` (iOS 2).
@MainActor open class UIWindow: UIView {
    open var rootViewController: UIViewController?

    /// `init(windowScene: UIWindowScene)` (iOS 13).
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }

    public required init?(coder: NSCoder) { nil }

    open func makeKeyAndVisible() {}
}
#endif
