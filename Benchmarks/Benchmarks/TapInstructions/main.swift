import Foundation
import PushBus
import TapRigs

// Run by Benchmarks/tap-instructions.sh under callgrind: `TapInstructions ROW COUNT` taps ROW's rig COUNT times,
// each tap with the ledger's writer idle before it and caches cooled after it, as LedgerBenchmarks' "Tap on the
// calling thread" rows tap. The script counts what runs before iOS is answered (the adapter's body inside
// `AfterAnswer.deferring`, where the completion handler is called), so the first taps (one-time set-up) are
// subtracted by running two counts.

let rows = ["no ledger", "durable ledger", "documented set-up", "documented set-up, ledger lock held by another"]
let arguments = CommandLine.arguments.dropFirst()
guard let row = arguments.first, rows.contains(row), let count = arguments.dropFirst().first.flatMap({ Int($0) })
else {
    print("usage: TapInstructions ROW COUNT   (ROW: \(rows.map { "\"\($0)\"" }.joined(separator: ", ")))")
    exit(2)
}

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
for _ in 0..<count {
    adapter.didReceive(tap(), appState: .active) {}
    settle()
    coolDown()
}
