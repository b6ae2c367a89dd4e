import PushBusApple
import SwiftUI
import UIKit

/// The UIKit screens (the inbox, then a product) inside the SwiftUI window; routes navigate in them.
struct InboxScreen: UIViewControllerRepresentable {
    let inbox: PushInbox?
    let router: PushRouter

    func makeUIViewController(context: Context) -> UINavigationController {
        let navigation = UINavigationController(rootViewController: InboxViewController(inbox: inbox, router: router))
        Navigator.navigation = navigation
        return navigation
    }

    func updateUIViewController(_ uiViewController: UINavigationController, context: Context) {}
}
