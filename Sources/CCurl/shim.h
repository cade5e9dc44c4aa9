#include <curl/curl.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, so Swift cannot call them: one fixed-argument wrapper for
// each kind of value an option takes (see "curl_easy_setopt" in libcurl's manual: long, curl_off_t, char *,
// a callback or a data pointer).

static inline CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value)
{
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_set_offset(CURL *handle, CURLoption option, curl_off_t value)
{
    return curl_easy_setopt(handle, option, value);
}

/// libcurl copies the string (it does since 7.17.0), so it need only live for the call.
static inline CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value)
{
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, void *value)
{
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_COPYPOSTFIELDS, which copies CURLOPT_POSTFIELDSIZE(_LARGE) bytes (set that first), so `bytes` need
/// only live for the call and may hold zeros.
static inline CURLcode ccurl_set_bytes(CURL *handle, CURLoption option, const unsigned char *bytes)
{
    return curl_easy_setopt(handle, option, bytes);
}

/// The list must outlive the transfer; libcurl does not copy it.
static inline CURLcode ccurl_set_headers(CURL *handle, struct curl_slist *headers)
{
    return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

static inline CURLcode ccurl_set_write_function(CURL *handle, curl_write_callback function)
{
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

/// CURLOPT_HEADERFUNCTION takes a function of the write callback's type.
static inline CURLcode ccurl_set_header_function(CURL *handle, curl_write_callback function)
{
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}

static inline CURLcode ccurl_set_open_socket_function(CURL *handle, curl_opensocket_callback function)
{
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, function);
}

static inline CURLcode ccurl_get_long(CURL *handle, CURLINFO info, long *value)
{
    return curl_easy_getinfo(handle, info, value);
}

/// The string belongs to the handle and lives until the next transfer or curl_easy_cleanup.
static inline CURLcode ccurl_get_string(CURL *handle, CURLINFO info, char **value)
{
    return curl_easy_getinfo(handle, info, value);
}

/// The raw address libcurl is about to connect to, copied into `bytes` (4 bytes for IPv4, 16 for IPv6); returns how
/// many were written, 0 for any other family. `struct curl_sockaddr` ends with a `struct sockaddr` that is really as
/// long as `addrlen` says, so it is read here, in C, rather than copied into Swift at its declared 16 bytes.
static inline int ccurl_peer_address(const struct curl_sockaddr *address, unsigned char bytes[16])
{
    if (address->family == AF_INET && address->addrlen >= sizeof(struct sockaddr_in)) {
        const struct sockaddr_in *ipv4 = (const struct sockaddr_in *)&address->addr;
        memcpy(bytes, &ipv4->sin_addr, 4);
        return 4;
    }
    if (address->family == AF_INET6 && address->addrlen >= sizeof(struct sockaddr_in6)) {
        const struct sockaddr_in6 *ipv6 = (const struct sockaddr_in6 *)&address->addr;
        memcpy(bytes, &ipv6->sin6_addr, 16);
        return 16;
    }
    return 0;
}
