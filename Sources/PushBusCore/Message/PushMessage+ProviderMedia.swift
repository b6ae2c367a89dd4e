public import Foundation

extension PushMessage {
    /// The image the provider attached for a rich notification (`fcm_options.image`, Iterable
    /// `itbl.attachment-url`, CleverTap `ct_mediaUrl`, …; see the provider table in Docs/Payloads.md), when it
    /// is an `http` or `https` URL. Read from the payload each time it is asked for.
    public var imageURL: URL? {
        guard let provider, case .object(let root) = content.payload,
            let rule = PushProviderTable.rule(named: provider.name)
        else { return nil }
        for image in PushProviderTable.images(of: rule, in: root) {
            guard let url = DeepLinkExtractor.default.link(from: .string(image.address)),
                let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http"
            else { continue }
            return url
        }
        return nil
    }

    /// The action buttons the provider describes in the payload, in its order; buttons without a title are
    /// left out. Empty for providers that describe buttons only through a registered category.
    public var actionButtons: [PushProvider.Button] {
        guard let provider, case .object(let root) = content.payload,
            let rule = PushProviderTable.rule(named: provider.name)
        else { return [] }
        return rule.buttons(root).compactMap { button in
            guard let title = button.title.flatMap(PushProviderRecognizer.text) else { return nil }
            return PushProvider.Button(
                identifier: button.identifier.flatMap(PushProviderRecognizer.text), title: title,
                link: button.link.flatMap { DeepLinkExtractor.default.link(from: $0) })
        }
    }
}
