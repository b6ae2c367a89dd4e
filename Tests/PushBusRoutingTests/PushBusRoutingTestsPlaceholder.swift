import Testing

@Suite struct PushBusRoutingTestsPlaceholder {
    @Test func builds() {}
}
