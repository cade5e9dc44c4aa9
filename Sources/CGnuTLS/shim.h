// Only the one-shot HMAC of GnuTLS's crypto API: Grubmap needs HMAC-SHA-1 for TOTP (RFC 6238), which libsodium lacks.
#include <gnutls/crypto.h>
