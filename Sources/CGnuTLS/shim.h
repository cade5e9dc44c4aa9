// Checking a TLS certificate and its key before libmicrohttpd, which says only that it failed, is given them;
// and the one-shot HMAC of GnuTLS's crypto API: Grubmap needs HMAC-SHA-1 for TOTP (RFC 6238), which libsodium lacks.
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <gnutls/crypto.h>
