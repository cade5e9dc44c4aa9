import Foundation

/// The process's limit on open files (`RLIMIT_NOFILE`), which bounds how many connections it can hold.
enum OpenFileLimit {
    /// Raises the soft limit to the hard limit when it is below `needed`; gives back the soft limit then in
    /// force.
    static func raise(toAtLeast needed: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return needed }
        if limit.rlim_cur < rlim_t(needed), limit.rlim_cur < limit.rlim_max {
            var raised = rlimit(rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }
}
