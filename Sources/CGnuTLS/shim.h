// Checking a TLS certificate and its key before libmicrohttpd, which says only that it failed, is given them.
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
