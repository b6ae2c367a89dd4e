import UIKit

/// The screen a product link opens.
final class ProductViewController: UIViewController {
    private let productID: String

    init(productID: String) {
        self.productID = productID
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Product \(productID)"
        let label = UILabel(frame: view.bounds)
        label.text = "Product \(productID)"
        view.addSubview(label)
    }
}
