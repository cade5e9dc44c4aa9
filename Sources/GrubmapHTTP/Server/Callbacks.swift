import CMicroHTTPD
import Foundation

/// Told when libmicrohttpd accepts a connection and when it closes it: books it with the tracker, which may
/// refuse it or close an idle one to make room, and keeps its record in the socket context.
let notifyConnection: MHD_NotifyConnectionCallback = { context, connection, socketContext, event in
    guard let context, let connection, let socketContext else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
    if event == .CONNECTION_NOTIFY_STARTED {
        var address = [CChar](repeating: 0, count: 64)
        cmhd_client_address(connection, &address, socklen_t(address.count))
        let text = String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let record = server.tracker.open(socket: cmhd_connection_socket(connection), address: text)
        socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
    } else if let pointer = socketContext.pointee {
        socketContext.pointee = nil
        server.tracker.close(Unmanaged<ConnectionRecord>.fromOpaque(pointer).takeRetainedValue())
        server.gate.closed()
    }
}

/// Sees the raw target of each request before libmicrohttpd unescapes it and makes the request's state, which
/// libmicrohttpd then passes to every call of the access handler as `*con_cls`. Keeps libmicrohttpd from
/// parsing the query itself (see `cmhd_hide_query`), and books the request, which may refuse it.
let uriLogger:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
        context, uri, connection in
        let server = Unmanaged<ServerContext>.fromOpaque(context!).takeUnretainedValue()
        server.inFlight.add(1, ordering: .relaxed)
        let target = uri.map { String(cString: $0) } ?? "/"
        let queryPieces = uri.map { cmhd_hide_query($0) } ?? 0
        let record = connection.flatMap(cmhd_socket_context).map {
            Unmanaged<ConnectionRecord>.fromOpaque($0).takeUnretainedValue()
        }
        if let record { _ = server.tracker.beginRequest(on: record) }
        let state = RequestState(target: target, record: record)
        state.hasTooManyQueryFields = queryPieces > RequestState.maximumQueryFields
        return Unmanaged.passRetained(state).toOpaque()
    }

/// Releases a request's state once libmicrohttpd is done with it, whether it completed or was aborted.
let requestCompleted: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
    guard let pointer = requestContext?.pointee else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(context!).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
    if let processor = state.postProcessor { _ = MHD_destroy_post_processor(processor) }
    state.postProcessor = nil
    if let record = state.record { server.tracker.endRequest(on: record) }
    Unmanaged<RequestState>.fromOpaque(pointer).release()
    requestContext?.pointee = nil
    server.inFlight.subtract(1, ordering: .releasing)
}

/// Called several times per request (see "MHD_AccessHandlerCallback" in the libmicrohttpd manual): once when
/// the headers are in, once per piece of body, once more with no body left, and once more after a worker
/// resumes the connection with its answer. Answering only on a last call keeps connections alive; a request
/// refused on the first call closes its connection.
let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, _, method, version, uploadData, uploadDataSize, requestContext in
    guard let context, let connection, let method, let uploadDataSize, let pointer = requestContext?.pointee else {
        return MHD_Result.NO
    }
    let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()

    if !state.hasStarted {
        state.hasStarted = true
        state.version = HTTPVersion(version)
        if let form = server.preparedForm(state, connection: connection, method: method, version: version) {
            state.prepared = form
            state.started = .now
            return MHD_Result.YES
        }
        withUnsafeMutablePointer(to: &state.headers) { headers in
            _ = MHD_get_connection_values(connection, MHD_ValueKind.HEADER_KIND, collectHeader, headers)
        }
        return begin(state, server: server, connection: connection, method: method, version: version)
    }

    if uploadDataSize.pointee > 0 {
        let size = uploadDataSize.pointee
        state.receivedBytes += size
        if state.receivedBytes > state.bodyLimit {
            // A chunked body that outgrows the limit is read to its end and dropped, then refused; one that
            // goes on far past the limit is cut off by closing the connection.
            state.body = []
            state.parts = []
            if state.receivedBytes > 8 * state.bodyLimit { return MHD_Result.NO }
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

    if let job = state.job {
        // Resumed: the worker's answer is in.
        guard let response = job.response else { return MHD_Result.YES }
        return server.queue(response, state: state, on: connection)
    }
    if let processor = state.postProcessor {
        // Refuses a body that ends in the middle of a part.
        if MHD_destroy_post_processor(processor) != MHD_Result.YES { state.isMalformedMultipart = true }
        state.postProcessor = nil
    }
    if let record = state.record { server.tracker.endReceiving(on: record) }
    if let form = state.prepared, let started = state.started {
        return server.send(form, state: state, on: connection, method: method, since: started)
    }
    var request = state.makeRequest(method: method, body: state.body)
    request.formParts = state.parts
    request.isMalformedMultipart = state.isMalformedMultipart
    if let problem = state.problem { request.problem = problem }
    if state.receivedBytes > state.bodyLimit {
        request.problem = ServerContext.tooLarge(limit: state.bodyLimit)
        state.closesConnection = true
    }
    return server.answer(request, state: state, connection: connection)
}

/// The first call, with the headers in and no body read yet: refuses a request over a connection limit, with
/// faulty framing or with a declared body over the limit (libmicrohttpd accepts a response queued now and
/// discards the body; queueing is refused later, while the body is being read), or readies the multipart parser.
private func begin(
    _ state: RequestState, server: ServerContext, connection: OpaquePointer, method: UnsafePointer<CChar>,
    version: UnsafePointer<CChar>?
) -> MHD_Result {
    var request = state.makeRequest(method: method)
    state.bodyLimit = server.configuration.maximumBodyBytes(method: request.method.rawValue, target: state.target)
    if state.record?.isRefused.load(ordering: .relaxed) == true {
        request.problem = ServerContext.tooManyConnections
    } else if let problem = RequestFraming.problem(
        headers: state.headers, version: version.map { String(cString: $0) } ?? "")
    {
        guard RequestFraming.closesConnection(problem) else {
            state.problem = problem
            return MHD_Result.YES
        }
        request.problem = problem
    } else if let length = state.headers["Content-Length"].flatMap(Int.init), length > state.bodyLimit {
        request.problem = ServerContext.tooLarge(limit: state.bodyLimit)
    } else {
        let type = state.headers["Content-Type"]?.lowercased() ?? ""
        if type.hasPrefix("multipart/form-data") {
            state.postProcessor = MHD_create_post_processor(
                connection, 16 * 1024, collectPart, Unmanaged.passUnretained(state).toOpaque())
            if state.postProcessor == nil { state.isMalformedMultipart = true }
        }
        return MHD_Result.YES
    }
    return server.refuse(request, state: state, connection: connection)
}

private let collectHeader: MHD_KeyValueIterator = { headers, _, name, value in
    guard let headers, let name else { return MHD_Result.YES }
    headers.assumingMemoryBound(to: Headers.self).pointee.add(
        name: String(cString: name), value: value.map { String(cString: $0) } ?? "")
    return MHD_Result.YES
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
