import Foundation
import PushBus
import TapRigs

// Run by Benchmarks/tap-instructions.sh under callgrind: `TapInstructions ROW COUNT` taps ROW's rig COUNT times,
// each tap with the ledger's writer idle before it and caches cooled after it, as LedgerBenchmarks' "Tap on the
// calling thread" rows tap; `TapInstructions ROW COUNT burst` taps back to back, as the "Tap burst" rows do. The script counts what runs before iOS is answered (the adapter's body inside
// `AfterAnswer.deferring`, where the completion handler is called), so the first taps (one-time set-up) are
// subtracted by running two counts.

let rows = ["no ledger", "durable ledger", "documented set-up", "documented set-up, ledger lock held by another"]
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 || (arguments.count == 3 && arguments[2] == "burst"), rows.contains(arguments[0]),
    let count = Int(arguments[1])
else {
    print("usage: TapInstructions ROW COUNT [burst]   (ROW: \(rows.map { "\"\($0)\"" }.joined(separator: ", ")))")
    exit(2)
}
let row = arguments[0]
let isBurst = arguments.count == 3

let tap: () -> ResponseSnapshot
let adapter: UserNotificationAdapter
let settle: () -> Void
if row.hasPrefix("documented set-up") {
    let rig = DocumentedSetUpRig(heldLock: row != "documented set-up")
    (tap, adapter, settle) = (rig.nextTap, rig.adapter, rig.settle)
} else {
    let rig = TapRig(hasLedger: row == "durable ledger")
    (tap, adapter, settle) = (rig.nextTap, rig.adapter, rig.ledger.waitForWrites)
}
if isBurst {
    let taps = (0..<count).map { _ in tap() }
    for tap in taps { adapter.didReceive(tap, appState: .active) {} }
    settle()
} else {
    for _ in 0..<count {
        adapter.didReceive(tap(), appState: .active) {}
        settle()
        coolDown()
    }
}
