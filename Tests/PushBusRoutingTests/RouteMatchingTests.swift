import PushBusRouting
import Testing
