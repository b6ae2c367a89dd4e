import Foundation

/// The pure state of one pipeline run: every transition returns what the caller must do after unlocking.
///
/// One owner for the run's state, no references, no threads: ``ServiceExtensionRun`` runs the transitions under
/// its lock and calls the content handler only after unlocking. Exactly-once lives here: only the first
/// transition out of `running` returns ``Action/deliver(_:)``.
struct ServiceExtensionStateMachine: Sendable {
    struct Delivery: Sendable {
        var content: ServiceExtensionContent
        var disposition: ServiceExtensionResult.Disposition
        var ending: ServiceExtensionResult.Ending
        var steps: [ServiceExtensionStepReport]
        var attachments: [AttachmentReport]
        var date: Date
        /// Downloaded files the shown content does not use (not mine, dropped): the caller deletes them.
        var discardedFiles: [URL]
    }

    enum Action: Sendable {
        case none
        case deliver(Delivery)
    }

    enum Commit: Sendable, Equatable {
        case committed
        case stale
        case ended
    }

    private struct Slot: Sendable {
        var found: AttachmentLocator.Found
        var report: AttachmentReport?
    }

    private struct Running: Sendable {
        var content: ServiceExtensionContent
        var version = 0
        var reports: [ServiceExtensionStepReport] = []
        var started = -1
        var slots: [Slot] = []
    }

    private enum State: Sendable {
        case running(Running)
        case ended
    }

    private var state: State
    private let original: ServiceExtensionContent
    private let workNames: [String]

    init(content: ServiceExtensionContent, workNames: [String]) {
        original = content
        self.workNames = workNames
        state = .running(Running(content: content))
    }

    var isEnded: Bool {
        if case .ended = state { return true }
        return false
    }

    /// The best content so far and its version (for ``commit(_:version:)``); `nil` once ended.
    var snapshot: (content: ServiceExtensionContent, version: Int)? {
        guard case .running(let running) = state else { return nil }
        return (running.content, running.version)
    }

    /// Commits content computed from the snapshot of `version`.
    mutating func commit(_ content: ServiceExtensionContent, version: Int) -> Commit {
        guard case .running(var running) = state else { return .ended }
        guard running.version == version else { return .stale }
        running.content = content
        running.version += 1
        state = .running(running)
        return .committed
    }

    /// With no work steps the run ends as soon as it starts.
    mutating func start(date: Date) -> Action {
        guard workNames.isEmpty else { return .none }
        return end(.stepsFinished, date: date)
    }

    /// Work step `index` is about to start. Returns `false` when the run has ended.
    mutating func stepStarting(_ index: Int) -> Bool {
        guard case .running(var running) = state else { return false }
        running.started = max(running.started, index)
        state = .running(running)
        return true
    }

    mutating func stepFinished(_ index: Int, outcome: ServiceExtensionStepOutcome, date: Date) -> Action {
        guard case .running(var running) = state, index == running.reports.count, index < workNames.count else {
            return .none
        }
        running.reports.append(
            ServiceExtensionStepReport(name: workNames[index], status: .finished(outcome), date: date))
        state = .running(running)
        switch outcome.code {
        case .notMine: return end(.notMine, date: date)
        case .drop: return end(.dropped, date: date)
        case .done, .failed:
            return running.reports.count == workNames.count ? end(.stepsFinished, date: date) : .none
        }
    }

    /// The deadline passed, or iOS called `timeWillExpire`.
    mutating func expire(_ ending: ServiceExtensionResult.Ending, date: Date) -> Action {
        end(ending, date: date)
    }

    mutating func beginAttachment(_ found: AttachmentLocator.Found) -> Int? {
        guard case .running(var running) = state else { return nil }
        running.slots.append(Slot(found: found, report: nil))
        state = .running(running)
        return running.slots.count - 1
    }

    /// Returns `false` when the run has ended (the report is dropped; the caller deletes the file).
    mutating func finishAttachment(_ token: Int, _ report: AttachmentReport) -> Bool {
        guard case .running(var running) = state, running.slots.indices.contains(token) else { return false }
        running.slots[token].report = report
        if report.attachment != nil {
            // Downloaded files appear in the payload's order, after attachments other steps added.
            let downloaded = running.slots.compactMap { $0.report?.attachment }
            let files = Set(downloaded.map(\.fileURL))
            running.content.attachments.removeAll { files.contains($0.fileURL) }
            running.content.attachments.append(contentsOf: downloaded)
            running.version += 1
        }
        state = .running(running)
        return true
    }

    mutating func reportAttachment(_ report: AttachmentReport) {
        guard case .running(var running) = state else { return }
        running.slots.append(Slot(found: .init(key: report.key, address: report.address), report: report))
        state = .running(running)
    }

    private mutating func end(_ ending: ServiceExtensionResult.Ending, date: Date) -> Action {
        guard case .running(let running) = state else { return .none }
        state = .ended
        var steps = running.reports
        for index in steps.count..<workNames.count {
            let wasStarted = index <= running.started
            steps.append(
                ServiceExtensionStepReport(
                    name: workNames[index], status: wasStarted ? .cutOff : .skipped, date: wasStarted ? date : nil))
        }
        let attachments = running.slots.map {
            $0.report
                ?? AttachmentReport(key: $0.found.key, address: $0.found.address, outcome: .failed(.unfinished))
        }
        let disposition: ServiceExtensionResult.Disposition
        switch ending {
        case .notMine: disposition = .notMine
        case .dropped: disposition = .drop
        default: disposition = .show
        }
        return .deliver(
            Delivery(
                content: ending == .notMine ? original : running.content, disposition: disposition, ending: ending,
                steps: steps, attachments: attachments, date: date,
                discardedFiles: disposition == .show ? [] : running.content.attachments.map(\.fileURL)))
    }
}
