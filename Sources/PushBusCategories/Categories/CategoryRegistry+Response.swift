public import PushBusCore

extension CategoryRegistry {
    /// The action the user chose in `response`, so a handler knows it was destructive, a text input, ….
    ///
    /// The adapters call this for each tapped message; app code can too:
    ///
    /// ```swift
    /// if let response = message.response,
    ///     let action = registry.resolve(response, categoryIdentifier: message.content.categoryIdentifier),
    ///     action.isTextInput
    /// {
    ///     reply(with: response.userText ?? "")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - response: The response; `PushResponse/Action/open` and `PushResponse/Action/dismiss` are system
    ///     actions and resolve to `nil`.
    ///   - categoryIdentifier: The notification's category. When it is `nil` or unknown (legacy callbacks whose
    ///     payload lost `aps.category`), the action is looked up in every category and returned only if the
    ///     identifier names one action unambiguously.
    /// - Returns: The registered action, or `nil`.
    public func resolve(_ response: PushResponse, categoryIdentifier: String?) -> PushAction? {
        guard case .custom(let actionIdentifier) = response.action else { return nil }
        if let categoryIdentifier, let category = category(categoryIdentifier) {
            return category.action(actionIdentifier)
        }
        let matches = Set(categories.compactMap { $0.action(actionIdentifier) })
        return matches.count == 1 ? matches.first : nil
    }

    /// The action the user chose in a tapped message: looked up from its `response` and
    /// `content.categoryIdentifier`, else the `PushResponse/pushAction` the adapters attached.
    public func action(for message: PushMessage) -> PushAction? {
        guard let response = message.response else { return nil }
        return resolve(response, categoryIdentifier: message.content.categoryIdentifier) ?? response.pushAction
    }

    /// `response` with `PushResponse/pushAction` set to the registered action it names (unchanged when the
    /// action is a system one or unknown). The adapters call this before posting a tapped message.
    ///
    /// ```swift
    /// let response = registry.attachingAction(
    ///     to: PushResponse(action: .init(identifier: snapshot.actionIdentifier), userText: snapshot.userText),
    ///     categoryIdentifier: content.categoryIdentifier)
    /// ```
    public func attachingAction(to response: PushResponse, categoryIdentifier: String?) -> PushResponse {
        guard let action = resolve(response, categoryIdentifier: categoryIdentifier) else { return response }
        var attached = response
        attached.pushAction = action
        return attached
    }
}
