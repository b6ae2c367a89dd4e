// libFuzzer entry point, compiled together with the PushBusCore and PushBusValidation sources (as one module) by
// Fuzz/run.sh (not part of the package).
// Two targets share the binary; PUSHBUS_FUZZ_TARGET chooses: `json` (default, below) or `foundation`
// (FoundationFuzz.swift: `PushContent(userInfo:)` fed Foundation containers).
//
// Every JSON input goes through the lenient reader, the message model (identity, provider, deep link) and the
// strict validator; none may crash. Two invariants are checked as well:
// - a payload that parses re-parses to the same value from its own JSON text;
// - a payload's identity is the same whether it is read from bytes or from Foundation objects.
import Foundation

/// Read once: the target this run fuzzes.
let fuzzTarget = ProcessInfo.processInfo.environment["PUSHBUS_FUZZ_TARGET"] ?? "json"

@_cdecl("LLVMFuzzerTestOneInput")
public func pushBusFuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if fuzzTarget == "foundation" {
        fuzzFoundation(data)
        return 0
    }
    let content = PushContent(json: data)
    let message = PushMessage(content: content)
    _ = message.isSilent
    _ = message.deepLink?.absoluteString
    _ = PushMessage(kind: .localTapped, content: content).id
    for pushType in [PushType.alert, .background, .voip, .liveActivity] {
        for diagnostic in PayloadValidator.validate(data, pushType: pushType) where diagnostic.message.isEmpty {
            fatalError("a diagnostic without a message at \(diagnostic.keyPath)")
        }
    }
    if let value = try? PushValue(json: data) {
        let text = value.jsonData()
        guard let reparsed = try? PushValue(json: text), reparsed == value else {
            fatalError("JSON round trip changed the value: \(String(decoding: text, as: UTF8.self))")
        }
        if case .object = value, let userInfo = value.foundationValue as? [String: Any] {
            let fromFoundation = PushMessage(content: PushContent(userInfo: userInfo))
            guard fromFoundation.id == message.id else {
                fatalError(
                    "identity differs between bytes and Foundation objects: \(message.id) vs \(fromFoundation.id)")
            }
        }
        _ = PayloadReport(source: "fuzz", data: data).text
    }
    return 0
}
