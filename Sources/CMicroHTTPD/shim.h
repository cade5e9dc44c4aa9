#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// What Grubmap hands `MHD_start_daemon`, which is variadic and so cannot be called from Swift.
struct cmhd_options {
    unsigned int flags;
    const struct sockaddr *address;
    MHD_AccessHandlerCallback handler;
    void *handler_context;
    MHD_RequestCompletedCallback completed;
    void *completed_context;
    /// Sees the raw request target before MHD unescapes it; what it returns becomes the request's `*con_cls`
    /// (see MHD_OPTION_URI_LOG_CALLBACK in the libmicrohttpd manual).
    void *(*uri_logger)(void *context, const char *uri, struct MHD_Connection *connection);
    void *uri_logger_context;
    /// Told when a connection is accepted and when it is closed (MHD_OPTION_NOTIFY_CONNECTION).
    MHD_NotifyConnectionCallback notify_connection;
    void *notify_connection_context;
    /// Passed on when above 1 (it is incompatible with `MHD_USE_THREAD_PER_CONNECTION`).
    unsigned int thread_pool_size;
    unsigned int connection_timeout_seconds;
    unsigned int connection_limit;
    /// Each connection's memory pool in bytes (MHD_OPTION_CONNECTION_MEMORY_LIMIT); 0 keeps libmicrohttpd's 32 KiB.
    size_t connection_memory_limit;
    /// For HTTPS (with `MHD_USE_TLS` in `flags`): the certificate chain and its private key, PEM, NUL-terminated;
    /// both NULL for plain HTTP.
    const char *tls_certificate;
    const char *tls_key;
};

static inline struct MHD_Daemon *cmhd_start_daemon(const struct cmhd_options *o)
{
    // Two-pointer options take the first as an intptr_t (see MHD_OPTION_ARRAY in the manual); the pool size is
    // left out when it is 1 or less, the TLS options without a certificate.
    struct MHD_OptionItem options[13];
    size_t count = 0;
    if (o->address != NULL) {
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)o->address};
    }
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)o->completed, o->completed_context};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)o->uri_logger, o->uri_logger_context};
    options[count++] = (struct MHD_OptionItem){
        MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)o->notify_connection, o->notify_connection_context};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, o->connection_timeout_seconds, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, o->connection_limit, NULL};
    if (o->connection_memory_limit > 0) {
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)o->connection_memory_limit, NULL};
    }
    if (o->thread_pool_size > 1) {
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, o->thread_pool_size, NULL};
    }
    if (o->tls_certificate != NULL && o->tls_key != NULL) {
        // libmicrohttpd hands both to GnuTLS while it starts (MHD_OPTION_HTTPS_MEM_CERT and _KEY).
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)o->tls_certificate};
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)o->tls_key};
    }
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    return MHD_start_daemon(o->flags, 0, NULL, NULL, o->handler, o->handler_context,
        MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

int accept4(int socket, struct sockaddr *address, socklen_t *length, int flags);  // <sys/socket.h> with _GNU_SOURCE

/// The next connection on `listener`, non-blocking and closed on exec, its peer's address into `address`; -1 with
/// `errno` as `accept4` sets it.
static inline int cmhd_accept(int listener, struct sockaddr_storage *address, socklen_t *length)
{
    *length = sizeof *address;
    return accept4(listener, (struct sockaddr *)address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

/// The port `socket` is bound to, useful after binding port 0; 0 when unknown.
static inline uint16_t cmhd_socket_port(int socket)
{
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(socket, (struct sockaddr *)&address, &length) != 0) return 0;
    if (address.ss_family == AF_INET) return ntohs(((const struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((const struct sockaddr_in6 *)&address)->sin6_port);
    return 0;
}

/// The client's IP address as text (IPv4 or IPv6) into `buffer`; an empty string when unknown.
static inline void cmhd_client_address(struct MHD_Connection *connection, char *buffer, socklen_t size)
{
    buffer[0] = '\0';
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, size);
    }
}

/// The connection's socket; -1 when unknown.
static inline int cmhd_connection_socket(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// What the notify-connection callback stored for this connection's socket (its `*socket_context`).
static inline void *cmhd_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// A number that names the peer of `socket` (its address and port): the same socket gives the same number
/// for as long as it is open, and a socket number reused for another connection almost surely another. 0 when
/// the socket has no peer (closed, or not connected).
static inline uint64_t cmhd_peer_key(int socket)
{
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    memset(&address, 0, sizeof address);
    if (getpeername(socket, (struct sockaddr *)&address, &length) != 0) return 0;
    uint64_t hash = 14695981039346656037ULL;
    const unsigned char *bytes = (const unsigned char *)&address;
    for (socklen_t index = 0; index < length; index++) {
        hash = (hash ^ bytes[index]) * 1099511628211ULL;
    }
    return hash == 0 ? 1 : hash;
}

/// Bytes that have arrived on `socket` and not been read yet; 0 when none or unknown.
static inline int cmhd_unread_bytes(int socket)
{
    int count = 0;
    if (ioctl(socket, FIONREAD, &count) != 0) return 0;
    return count;
}

/// Ends the raw target `uri` (handed to the URI log callback) where its query starts, so that libmicrohttpd
/// parses no query arguments of its own; returns how many `&`-separated pieces the query had (0 without one),
/// counted here at C speed so that Swift can refuse a query of thousands of fields without splitting it.
///
/// libmicrohttpd 0.9.75 splits the query into arguments right after the URI log callback returns, one entry of
/// its connection's memory pool (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`, 16 KiB in Grubmap) per argument; a target of a few
/// hundred parameters exhausts the pool, after which it neither answers nor closes the connection. Grubmap
/// keeps its own copy of the target and parses the query from it, so it needs none of libmicrohttpd's. The
/// callback's `uri` points into the connection's own read buffer, which libmicrohttpd writes into itself here;
/// cutting the text one byte after the `?` leaves it an empty argument string, whether it found the `?` before
/// the callback (0.9.75) or looks for it after (older versions).
static inline size_t cmhd_hide_query(const char *uri)
{
    char *question = strchr(uri, '?');
    if (question == NULL || question[1] == '\0') return 0;
    size_t pieces = 1;
    for (const char *cursor = question + 1; *cursor != '\0'; cursor++) {
        if (*cursor == '&') pieces++;
    }
    question[1] = '\0';
    return pieces;
}

/// What a request's headers say that a prepared or a kept answer depends on (see `PreparedAnswers` in GrubmapHTTP),
/// read in one pass over libmicrohttpd's own copies, with nothing allocated: whether the framing is plain (one `Host`,
/// no body, no header name the server refuses), the values that choose a prepared answer's form, and, for a kept
/// answer, the values the application reads (`Host`, `Accept`, `Accept-Language`, `Authorization`, `Cookie`,
/// `Sec-Fetch-Mode`) and how many headers it might read that are none of these nor known to change nothing (`others`:
/// a proxy's `X-Forwarded-For`, `Range`, `Origin`, anything unknown). A value is `NULL` when its header is absent; any
/// of them sent twice counts in `repeated`, and the request then takes the full pipeline.
struct cmhd_fast_headers {
    unsigned int hosts;
    /// `Content-Length` and `Transfer-Encoding` headers: a request with a body is never answered from memory.
    unsigned int bodies;
    /// Header names that are not RFC 9110 tokens.
    unsigned int bad_names;
    /// `X-Request-ID` headers: a caller tracing its request gets the full pipeline, which answers with its id.
    unsigned int request_ids;
    unsigned int repeated;
    unsigned int others;
    const char *accept_encoding;
    const char *if_none_match;
    const char *host;
    const char *accept;
    const char *accept_language;
    const char *authorization;
    const char *cookie;
    const char *sec_fetch_mode;
};

static inline int cmhd_is_token(const char *name)
{
    if (*name == '\0') return 0;
    for (const unsigned char *c = (const unsigned char *)name; *c != '\0'; c++) {
        if ((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')) continue;
        if (strchr("!#$%&'*+-.^_`|~", *c) == NULL) return 0;
    }
    return 1;
}

/// Keeps `value` in `*slot`, counting a second one in `repeated`.
static inline void cmhd_fast_value(struct cmhd_fast_headers *headers, const char **slot, const char *value)
{
    if (*slot != NULL) headers->repeated++;
    *slot = value != NULL ? value : "";
}

/// Headers no answer of the application depends on: what browsers send with every request.
static inline int cmhd_changes_nothing(const char *name)
{
    static const char *const names[] = {
        "User-Agent", "Connection", "Cache-Control", "Pragma", "Referer", "Sec-Fetch-Dest", "Sec-Fetch-Site",
        "Sec-Fetch-User", "Upgrade-Insecure-Requests", "DNT", "Priority", "Sec-CH-UA", "Sec-CH-UA-Mobile",
        "Sec-CH-UA-Platform", "Sec-GPC", "Keep-Alive",
    };
    for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) {
        if (strcasecmp(name, names[index]) == 0) return 1;
    }
    return 0;
}

static enum MHD_Result cmhd_fast_header(void *context, enum MHD_ValueKind kind, const char *name, const char *value)
{
    (void)kind;
    struct cmhd_fast_headers *headers = context;
    if (name == NULL || !cmhd_is_token(name)) {
        headers->bad_names++;
    } else if (strcasecmp(name, "Host") == 0) {
        headers->hosts++;
        headers->host = value != NULL ? value : "";
    } else if (strcasecmp(name, "Content-Length") == 0 || strcasecmp(name, "Transfer-Encoding") == 0) {
        headers->bodies++;
    } else if (strcasecmp(name, "X-Request-ID") == 0) {
        headers->request_ids++;
    } else if (strcasecmp(name, "Accept-Encoding") == 0) {
        cmhd_fast_value(headers, &headers->accept_encoding, value);
    } else if (strcasecmp(name, "If-None-Match") == 0) {
        cmhd_fast_value(headers, &headers->if_none_match, value);
    } else if (strcasecmp(name, "Accept") == 0) {
        cmhd_fast_value(headers, &headers->accept, value);
    } else if (strcasecmp(name, "Accept-Language") == 0) {
        cmhd_fast_value(headers, &headers->accept_language, value);
    } else if (strcasecmp(name, "Authorization") == 0) {
        cmhd_fast_value(headers, &headers->authorization, value);
    } else if (strcasecmp(name, "Cookie") == 0) {
        cmhd_fast_value(headers, &headers->cookie, value);
    } else if (strcasecmp(name, "Sec-Fetch-Mode") == 0) {
        cmhd_fast_value(headers, &headers->sec_fetch_mode, value);
    } else if (!cmhd_changes_nothing(name)) {
        headers->others++;
    }
    return MHD_YES;
}

static inline void cmhd_read_fast_headers(struct MHD_Connection *connection, struct cmhd_fast_headers *headers)
{
    memset(headers, 0, sizeof *headers);
    MHD_get_connection_values(connection, MHD_HEADER_KIND, cmhd_fast_header, headers);
}
