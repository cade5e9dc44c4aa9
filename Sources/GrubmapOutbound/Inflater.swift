import CZlib

/// gzip (or zlib) decompression through Debian's zlib, fed as the body arrives and stopped at a cap on what it
/// produces, so a small body that would decompress to gigabytes (a gzip bomb) costs no more than the cap.
///
/// Used by one transfer on one thread. The `z_stream` lives on the heap: zlib keeps a pointer back to it, so it
/// must not move between calls.
final class Inflater {
    /// What feeding some input came to.
    enum Outcome: Equatable {
        case ok
        /// The output would pass the cap; what was produced up to it is discarded by the caller.
        case tooLarge
        /// Not a gzip or zlib stream, or a broken one.
        case broken
    }

    private let stream: UnsafeMutablePointer<z_stream>
    private let chunk: UnsafeMutableBufferPointer<UInt8>
    private let ready: Bool
    /// Whether the last stream ended properly (its checksum matched); a body cut short ends without it.
    private(set) var isComplete = false

    init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        chunk = .allocate(capacity: 64 * 1024)
        // 15 + 32: the largest window, and a gzip or a zlib header, whichever the stream has (zlib's manual,
        // inflateInit2).
        ready = inflateInit2_(stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
    }

    deinit {
        if ready { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        chunk.deallocate()
    }

    /// Decompresses `input` onto the end of `output`, which may grow to `limit` bytes and no further.
    /// Concatenated gzip members are read one after another, as RFC 1952 allows.
    func inflate(_ input: UnsafeRawBufferPointer, into output: inout [UInt8], limit: Int) -> Outcome {
        guard ready else { return .broken }
        guard let base = input.baseAddress, !input.isEmpty else { return .ok }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        while true {
            if isComplete {
                guard stream.pointee.avail_in > 0 else { return .ok }
                // Another member follows the one that ended.
                guard inflateReset(stream) == Z_OK else { return .broken }
                isComplete = false
            }
            stream.pointee.next_out = chunk.baseAddress
            stream.pointee.avail_out = uInt(chunk.count)
            let result = CZlib.inflate(stream, Z_NO_FLUSH)
            let produced = chunk.count - Int(stream.pointee.avail_out)
            if produced > limit - output.count { return .tooLarge }
            output.append(contentsOf: chunk[0..<produced])
            switch result {
            case Z_STREAM_END: isComplete = true
            case Z_OK: break
            case Z_BUF_ERROR where stream.pointee.avail_in == 0: return .ok
            default: return .broken
            }
            if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 && !isComplete { return .ok }
        }
    }
}
