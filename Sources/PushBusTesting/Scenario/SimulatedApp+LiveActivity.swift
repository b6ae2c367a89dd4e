internal import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery
import PushBusStorage

/// The Live Activity steps of a scenario (`Docs/LiveActivities.md`).
extension SimulatedApp {
    /// Runs `step` if it is a Live Activity step.
    ///
    /// - Returns: `false` when `step.do` is not one.
    func performLiveActivityStep(_ step: SimulationScenario.Step, baseDirectory: URL?) throws -> Bool {
        switch step.do {
        case "observeLiveActivities":
            device.liveActivities.observe(try required(step.attributesType, "attributesType", step))
        case "startLiveActivity":
            try device.liveActivities.start(
                try required(step.attributesType, "attributesType", step), id: step.activity,
                contentState: step.payload ?? [:], channel: step.channel)
        case "liveActivityPush":
            let payload = try payload(of: step, baseDirectory: baseDirectory)
            let isStart = payload.objectValue?["aps"]?.objectValue?["event"]?.stringValue == "start"
            try device.liveActivities.receive(
                payload, activity: isStart ? nil : step.activity, id: isStart ? step.activity : nil)
        case "rotateLiveActivityToken":
            try device.liveActivities.rotateToken(try required(step.activity, "activity", step))
        case "rotatePushToStartToken":
            try device.liveActivities.rotatePushToStartToken(try required(step.attributesType, "attributesType", step))
        case "liveActivityBroadcast":
            try device.liveActivities.broadcast(
                try payload(of: step, baseDirectory: baseDirectory),
                channel: try required(step.channel, "channel", step))
        case "scheduleLiveActivity":
            try device.liveActivities.schedule(
                try required(step.attributesType, "attributesType", step), id: step.activity,
                contentState: step.payload ?? [:], startingIn: try required(step.seconds, "seconds", step))
        case "silenceLiveActivityTokenUpdates":
            device.liveActivities.silenceTokenUpdates()
        case "dismissLiveActivity":
            try device.liveActivities.dismiss(try required(step.activity, "activity", step))
        case "recordToken":
            try recordToken(step)
        default:
            return false
        }
        return true
    }

    /// The app keeps its tokens in a fresh folder (the device's disk: it survives `terminate`, and goes with
    /// the device).
    static func persistLiveActivityTokens(of device: SimulatedDevice) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("pushbus-scenario-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ScenarioError("cannot create the Live Activity token folder: \(error)")
        }
        device.liveActivities.persistTokens(in: directory)
        device.activityKit.state.withLock { $0.ownsStoreDirectory = true }  // removed with the device
    }
}

extension SimulatedApp {
    /// The app records a token it learned itself (`PushTokenRegistry.update(_:to:)`): the channel id it started
    /// an activity with (`pushType: .channel(id)`), the widget push token, a VoIP token.
    private func recordToken(_ step: SimulationScenario.Step) throws {
        let kind = try required(step.kind, "kind", step)
        let key: PushTokenRegistry.Key
        switch kind {
        case "device": key = .device
        case "voip": key = .voip
        case "widgets": key = .widgets
        case "controls": key = .controls(kind: try required(step.control, "control", step))
        case "pushToStart":
            key = .pushToStart(attributesType: try required(step.attributesType, "attributesType", step))
        case "activityUpdate": key = .activityUpdate(activityID: try required(step.activity, "activity", step))
        case "broadcastChannel": key = .broadcastChannel(activityID: try required(step.activity, "activity", step))
        default: throw ScenarioError("unknown token kind '\(kind)'")
        }
        guard let registry = device.process.tokens else {
            throw ScenarioError("step 'recordToken' needs \"app\": { \"reportsTokens\": true }")
        }
        device.note("app: tokens.update(\(key), to: \(step.value ?? "nil"))")
        do {
            try registry.update(key, to: step.value)
        } catch {
            throw ScenarioError("the app cannot record \(key): \(error)")
        }
    }
}

extension SimulationScenario {
    /// The unmet Live Activity expectations.
    func checkLiveActivities(_ device: SimulatedDevice) -> [String] {
        var failures: [String] = []
        if let expected = expect?.tokensReported {
            let actual = device.tokensReported.map(\.scenarioName)
            if actual != expected { failures.append("expected tokens reported \(expected), got \(actual)") }
        }
        if let expected = expect?.liveActivityEvents {
            let actual = device.liveActivities.events.map(\.scenarioName)
            if actual != expected { failures.append("expected Live Activity events \(expected), got \(actual)") }
        }
        if let expected = expect?.liveActivitiesRunning {
            let actual = device.liveActivities.all.filter { $0.state == .active }.count
            if actual != expected { failures.append("expected \(expected) Live Activities running, got \(actual)") }
        }
        if let expected = expect?.liveActivitiesPending {
            let actual = device.liveActivities.all.filter { $0.state == .pending }.count
            if actual != expected { failures.append("expected \(expected) Live Activities pending, got \(actual)") }
        }
        if let expected = expect?.liveActivityUpdatesApplied {
            let actual = device.liveActivities.all.map(\.updateCount).reduce(0, +)
            if actual != expected { failures.append("expected \(expected) Live Activity updates, got \(actual)") }
        }
        return failures
    }
}
