import PushBusApple
import UIKit

/// The first screen: the notification inbox (what arrived, read or not), shared with the extensions. Deep links
/// wait until it has appeared.
final class InboxViewController: UIViewController {
    private let inbox: PushInbox?
    private let router: PushRouter
    private let list = UILabel()
    private var watching: PushCancellable?

    init(inbox: PushInbox?, router: PushRouter) {
        self.inbox = inbox
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        list.numberOfLines = 0
        list.frame = view.bounds
        view.addSubview(list)
        // Changes from this process and from the extensions (read when the ledger refreshes).
        watching = inbox?.observe { [weak self] _ in
            Task { @MainActor [weak self] in self?.reload() }
        }
        reload()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        router.setReady(true)  // deep links (the tap that launched the app) open from now on, each once
    }

    private func reload() {
        guard let inbox else { return }
        title = "Inbox (\(inbox.unreadCount) unread)"
        list.text = inbox.entries(limit: 50)
            .map { entry in (entry.isRead ? "  " : "• ") + (entry.title ?? entry.body ?? "") }
            .joined(separator: "\n")
    }
}
