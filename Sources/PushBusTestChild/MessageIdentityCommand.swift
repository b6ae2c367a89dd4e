import PushBusCore

/// `message-id`: prints the `PushMessage.id` of a `userInfo` whose keys `1` and `"1"` collide, built in an order
/// this process's hash seed decides. Run in several processes, every run must print the same id.
enum MessageIdentity: ChildCommand {
    static let name = "message-id"

    static func run(_ arguments: ChildArguments) throws {
        var userInfo: [AnyHashable: Any] = ["aps": ["alert": "Collide"]]
        for index in 0..<16 { userInfo["pad\(index)"] = index }
        userInfo[1] = "number"
        userInfo["1"] = "string"
        for index in 0..<16 { userInfo["pad\(index)"] = nil }
        ChildOutput.line(PushMessage(content: PushContent(userInfo: userInfo)).id.rawValue)
    }
}
