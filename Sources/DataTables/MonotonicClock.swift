import Foundation

/// Wall time that only moves forward, for timing runs (unlike `os.clock`, which adds up every thread's CPU time).
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (CLOCK_MONOTONIC).
    public static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
