import CZlib

/// gzip (RFC 1952) through Debian's zlib: whole bodies in memory, as Grubmap's responses are.
public enum Gzip {
    /// zlib's window bits for a gzip wrapper rather than a zlib one.
    static let gzipWindowBits: Int32 = 15 + 16

    /// `bytes` compressed at `level` (1 fastest … 9 smallest), or `nil` if zlib refuses (it only does for lack of
    /// memory) or the result would not be smaller.
    public static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, gzipWindowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let result = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { buffer in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END, Int(stream.total_out) < bytes.count else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// A gzip body expanded again, refused past `limit` bytes (a small body may expand a thousandfold).
    public static func decompress(_ bytes: [UInt8], limit: Int) throws(GzipError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, gzipWindowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var status = Z_OK
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while status == Z_OK, output.count <= limit {
                status = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[0..<(chunk.count - Int(stream.avail_out))]
            }
        }
        guard output.count <= limit else { throw .tooLarge }
        guard status == Z_STREAM_END, stream.avail_in == 0 else { throw .corrupt }
        return output
    }
}

/// Why ``Gzip/decompress(_:limit:)`` refused a body.
public enum GzipError: Error, Equatable {
    /// Not gzip, cut short, or followed by other bytes.
    case corrupt
    /// Expands past the limit.
    case tooLarge
}
