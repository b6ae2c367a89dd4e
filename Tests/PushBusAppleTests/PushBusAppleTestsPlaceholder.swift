import Testing

@Suite struct PushBusAppleTestsPlaceholder {
    @Test func builds() {}
}
