import Foundation
import Testing

extension Tag {
    /// A test that takes seconds on its own: a hundred thousand rows, a crowd of people at once, every answer of the
    /// app fetched twice. `make test` runs it; `make check` leaves it out (``Trait/leftOutOfMakeCheck``).
    @Tag public static var slow: Self
}

extension Trait where Self == ConditionTrait {
    /// Skips a ``Tag/slow`` test in the fast tier: `make check` runs `swift test` with `GRUBMAP_TESTS=fast`.
    /// (`swift test` filters by name, not by tag, so the tag alone cannot keep a test out.)
    public static var leftOutOfMakeCheck: Self {
        .disabled(
            if: ProcessInfo.processInfo.environment["GRUBMAP_TESTS"] == "fast",
            "slow: make test runs it, make check leaves it out")
    }
}
