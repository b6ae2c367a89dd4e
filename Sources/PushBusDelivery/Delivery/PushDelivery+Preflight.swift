public import PushBusCore

extension PushDelivery {
    /// Records what a notification the app scheduled or received uses, for the preflight findings: its
    /// category, its interruption level (time-sensitive and critical need entitlements), and whether it is a
    /// silent push (it needs the `remote-notification` background mode). Posted messages are recorded already;
    /// call it for local notifications the app schedules itself.
    public func noteContentUse(_ content: PushContent, isSilent: Bool = false) {
        noteCategoryUse(content.categoryIdentifier)
        let level = content.interruptionLevel
        let isEntitled = level == .timeSensitive || level == .critical || content.sound?.isCritical == true
        guard isEntitled || isSilent else { return }
        recordDiagnostics { facts in
            if isSilent { facts.isSilentPushUsed = true }
            if content.sound?.isCritical == true { facts.interruptionLevelsInUse.insert(.critical) }
            if let level, isEntitled, level != .active, level != .passive {
                facts.interruptionLevelsInUse.insert(level)
            }
        }
    }
}

extension PushSound {
    /// A Boolean value indicating whether this is a critical alert sound (it needs the critical-alert entitlement).
    var isCritical: Bool {
        if case .critical = self { return true }
        return false
    }
}
