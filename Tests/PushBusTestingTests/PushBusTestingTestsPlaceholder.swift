import Testing

@Suite struct PushBusTestingTestsPlaceholder {
    @Test func builds() {}
}
