import Benchmark
import PushBus

let benchmarks: @Sendable () -> Void = {
    Benchmark("placeholder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(PushFilter.all) }
    }
}
