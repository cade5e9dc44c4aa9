import CMicroHTTPD
import Foundation
import Synchronization

/// What every callback of one server shares, reached through libmicrohttpd's `cls` pointer.
final class ServerContext: Sendable {
    let responder: Responder
    let maximumBodyBytes: Int
    /// Requests between their first and their completion callback.
    let inFlight = Atomic<Int>(0)

    init(responder: @escaping Responder, maximumBodyBytes: Int) {
        self.responder = responder
        self.maximumBodyBytes = maximumBodyBytes
    }
}

/// One request while libmicrohttpd reads it, reached through `*con_cls`.
///
/// `@unchecked Sendable`: libmicrohttpd calls back for one connection from one thread at a time, so the
/// mutable state is never touched concurrently.
final class RequestState: @unchecked Sendable {
    /// The raw request target (path and query) before any unescaping.
    let target: String
    var hasStarted = false
    var body: [UInt8] = []
    /// Body bytes seen so far, including any dropped for being over the limit.
    var receivedBytes = 0
    /// libmicrohttpd's parser for a `multipart/form-data` body, while it is being read.
    var postProcessor: OpaquePointer?
    /// The parts of a `multipart/form-data` body, as the post processor finds them.
    var parts: [FormPart] = []
    /// Whether the multipart body could not be parsed.
    var isMalformedMultipart = false
    /// The client's IP address, as text.
    var remoteAddress = ""
    var headers = Headers()

    init(target: String) {
        self.target = target
    }
}

/// Sees the raw target of each request before libmicrohttpd unescapes it and makes the request's state,
/// which libmicrohttpd then passes to every call of the access handler as `*con_cls`.
let uriLogger:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
        context, uri, _ in
        let server = Unmanaged<ServerContext>.fromOpaque(context!).takeUnretainedValue()
        server.inFlight.add(1, ordering: .relaxed)
        let state = RequestState(target: uri.map { String(cString: $0) } ?? "/")
        return Unmanaged.passRetained(state).toOpaque()
    }

/// Releases a request's state once libmicrohttpd is done with it, whether it completed or was aborted.
let requestCompleted: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
    guard let pointer = requestContext?.pointee else { return }
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
    if let processor = state.postProcessor { _ = MHD_destroy_post_processor(processor) }
    state.postProcessor = nil
    Unmanaged<RequestState>.fromOpaque(pointer).release()
    requestContext?.pointee = nil
    Unmanaged<ServerContext>.fromOpaque(context!).takeUnretainedValue().inFlight.subtract(1, ordering: .releasing)
}

/// Called several times per request (see "MHD_AccessHandlerCallback" in the libmicrohttpd manual): once when
/// the headers are in, once per piece of body, and once more with no body left. Answering only on that last
/// call keeps connections alive.
let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, _, method, _, uploadData, uploadDataSize, requestContext in
    guard let context, let connection, let method, let uploadDataSize, let pointer = requestContext?.pointee else {
        return MHD_Result.NO
    }
    let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()

    if !state.hasStarted {
        state.hasStarted = true
        withUnsafeMutablePointer(to: &state.headers) { headers in
            _ = MHD_get_connection_values(connection, MHD_ValueKind.HEADER_KIND, collectHeader, headers)
        }
        var address = [CChar](repeating: 0, count: 64)
        cmhd_client_address(connection, &address, socklen_t(address.count))
        state.remoteAddress = String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A declared length over the limit is refused at once: libmicrohttpd accepts a response queued now
        // and discards the body (queueing is refused later, while the body is being read).
        if let length = state.headers["Content-Length"].flatMap(Int.init), length > server.maximumBodyBytes {
            return queue(tooLarge(server, state: state, method: method), on: connection)
        }
        let type = state.headers["Content-Type"]?.lowercased() ?? ""
        if type.hasPrefix("multipart/form-data") {
            state.postProcessor = MHD_create_post_processor(
                connection, 16 * 1024, collectPart, Unmanaged.passUnretained(state).toOpaque())
            if state.postProcessor == nil { state.isMalformedMultipart = true }
        }
        return MHD_Result.YES
    }

    if uploadDataSize.pointee > 0 {
        let size = uploadDataSize.pointee
        state.receivedBytes += size
        if state.receivedBytes > server.maximumBodyBytes {
            // A chunked body that outgrows the limit is read to its end and dropped, then refused; one that
            // goes on far past the limit is cut off by closing the connection.
            state.body = []
            if state.receivedBytes > 8 * server.maximumBodyBytes { return MHD_Result.NO }
        } else if let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
                state.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
            }
            if let processor = state.postProcessor, MHD_post_process(processor, uploadData, size) != MHD_Result.YES {
                state.isMalformedMultipart = true
            }
        }
        uploadDataSize.pointee = 0
        return MHD_Result.YES
    }

    if let processor = state.postProcessor {
        // Refuses a body that ends in the middle of a part.
        if MHD_destroy_post_processor(processor) != MHD_Result.YES { state.isMalformedMultipart = true }
        state.postProcessor = nil
    }
    if state.receivedBytes > server.maximumBodyBytes {
        return queue(tooLarge(server, state: state, method: method), on: connection)
    }
    let response: Response
    do throws(HTTPError) {
        var request = try Request(
            method: Method(rawValue: String(cString: method)), target: state.target, headers: state.headers,
            body: state.body)
        request.formParts = state.parts
        request.remoteAddress = state.remoteAddress
        request.isMalformedMultipart = state.isMalformedMultipart
        response = server.responder(request)
    } catch {
        response = .text(error.message + "\n", status: error.status)
    }
    return queue(response, on: connection)
}

private let collectHeader: MHD_KeyValueIterator = { headers, _, name, value in
    guard let headers, let name else { return MHD_Result.YES }
    headers.assumingMemoryBound(to: Headers.self).pointee.add(
        name: String(cString: name), value: value.map { String(cString: $0) } ?? "")
    return MHD_Result.YES
}

/// The answer to a body over the limit: the application's (so people get a page and API clients JSON), with
/// its body left out, forced to 413 and closing the connection (the rest of the body is not read).
private func tooLarge(_ server: ServerContext, state: RequestState, method: UnsafePointer<CChar>) -> Response {
    var response: Response
    if var request = try? Request(
        method: Method(rawValue: String(cString: method)), target: state.target, headers: state.headers)
    {
        request.isBodyTooLarge = true
        request.remoteAddress = state.remoteAddress
        response = server.responder(request)
    } else {
        response = .text("The request body is larger than \(server.maximumBodyBytes) bytes.\n")
    }
    response.status = .contentTooLarge
    response.headers["Connection"] = "close"
    return response
}

/// Collects the parts of a `multipart/form-data` body as libmicrohttpd's post processor finds them: a part
/// may arrive in several pieces, the first at offset 0.
private let collectPart: MHD_PostDataIterator = { context, _, key, filename, contentType, _, data, offset, size in
    guard let context else { return MHD_Result.NO }
    let state = Unmanaged<RequestState>.fromOpaque(context).takeUnretainedValue()
    let name = key.map { String(cString: $0) } ?? ""
    if offset == 0 || state.parts.last?.name != name {
        state.parts.append(
            FormPart(
                name: name, filename: filename.map { String(cString: $0) },
                contentType: contentType.map { String(cString: $0) }, data: []))
    }
    if size > 0, let data {
        data.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
            state.parts[state.parts.count - 1].data.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
        }
    }
    return MHD_Result.YES
}

private func queue(_ response: Response, on connection: OpaquePointer) -> MHD_Result {
    var body = response.body
    let handle = body.withUnsafeMutableBytes { bytes in
        MHD_create_response_from_buffer(bytes.count, bytes.baseAddress, MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
    }
    guard let handle else { return MHD_Result.NO }
    defer { MHD_destroy_response(handle) }
    for (name, value) in response.headers {
        _ = MHD_add_response_header(handle, name, value)
    }
    return MHD_queue_response(connection, UInt32(response.status.code), handle)
}
