import PushBusApple
import SwiftUI

@main
struct ShopApp: App {
    // Pushes carry {"aps": {"alert": "Back in stock"}, "url": "shop://product/42"}.
    static let router = PushRouter(schemes: ["shop"], isReady: false)

    init() {
        try? Self.router.register("shop://product/:id") { request in
            print("show product", request.parameters["id"] ?? "")  // push your screen here
        }
        var configuration = PushBusApp.Configuration()
        configuration.router = Self.router  // a tap opens its link, once, from a cold start too
        PushBusApp.start(configuration)  // delegate, lifecycle, authorization, registration
    }

    var body: some Scene {
        WindowGroup {
            Text("Shop").onAppear { Self.router.setReady(true) }  // links wait for the first screen
        }
    }
}
