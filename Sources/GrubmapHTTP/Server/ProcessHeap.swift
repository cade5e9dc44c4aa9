#if canImport(Glibc)
    import CMalloc
#endif

/// glibc's heap settings for a long-running server on many threads.
public enum ProcessHeap {
    /// Makes glibc serve every allocation of 1 MiB or more with its own mapping, given back to the system when freed.
    /// Left to itself, glibc raises that threshold to the size of each large block freed, so a feed fetcher's body (up
    /// to 8 MiB, grown by doubling on any of the fetcher threads) is next taken from a thread's heap and stays resident
    /// after the fetch: five fetches of an endless feed kept 80 MB. Pages and API bodies stay far below the threshold.
    ///
    /// Fixing that threshold also fixes the one at which a heap gives back the free memory at its top, otherwise moved
    /// with it to twice the size: left at 128 KiB, a heap hovering there gave pages back at one free and took them again
    /// at the next allocation. Durable check-ins did so about once a commit, on the writer's heap (8 writers, 4 s: 8,011
    /// page faults and 489 to 10,654 `madvise` calls, each also flushing the other core's TLB); at 2 MiB, twice the
    /// mapping threshold as glibc would set it, 50 page faults, no `madvise`, and a third less of the kernel's CPU a
    /// check-in. Each heap may so keep up to 2 MiB free (a heap per thread, up to eight per core). Both settings
    /// override `GLIBC_TUNABLES` and `MALLOC_*_` in the environment.
    public static func fixThresholds() {
        #if canImport(Glibc)
            _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
            _ = mallopt(M_TRIM_THRESHOLD, 2 << 20)
        #endif
    }
}
