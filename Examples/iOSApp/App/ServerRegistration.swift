import PushBusApple

/// Tells the app's server where to send pushes.
enum ServerRegistration {
    /// Uploads each device token APNs issues (the latest one is replayed at once if registration already
    /// finished). Send it as the hex string; it can change between launches.
    static func uploadTokens(of center: PushCenter) -> PushCancellable {
        center.subscribeRegistration { event in
            switch event {
            case .registered(let token): print("upload device token \(token.hexString)")
            case .failed(let error): print("remote notifications unavailable: \(error)")
            }
        }
    }
}

extension ServerRegistration {
    /// Uploads the device token to the app's server (here: prints it).
    @Sendable static func upload(_ event: RegistrationEvent) {
        switch event {
        case .registered(let token): print("upload device token \(token.hexString)")
        case .failed(let error): print("remote notifications unavailable: \(error)")
        }
    }
}
