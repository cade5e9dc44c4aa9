#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// `MHD_start_daemon` is variadic, which Swift cannot call: this wrapper takes the options Grubmap sets.
/// `uri_logger` sees the raw request target before MHD unescapes it; what it returns becomes the request's
/// `*con_cls` (see MHD_OPTION_URI_LOG_CALLBACK in the libmicrohttpd manual).
/// A `thread_pool_size` above 1 is passed on (it is incompatible with `MHD_USE_THREAD_PER_CONNECTION`).
static inline struct MHD_Daemon *cmhd_start_daemon(
    unsigned int flags, const struct sockaddr *address,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    void *(*uri_logger)(void *context, const char *uri, struct MHD_Connection *connection), void *uri_logger_context,
    unsigned int thread_pool_size, unsigned int connection_timeout_seconds, unsigned int connection_limit)
{
    if (thread_pool_size > 1) {
        return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
            MHD_OPTION_SOCK_ADDR, address,
            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
            MHD_OPTION_URI_LOG_CALLBACK, uri_logger, uri_logger_context,
            MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
            MHD_OPTION_END);
    }
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_URI_LOG_CALLBACK, uri_logger, uri_logger_context,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_END);
}

/// The port the daemon listens on, useful after binding port 0; 0 when unknown.
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The number of connections the daemon holds open right now.
static inline unsigned int cmhd_current_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
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
