#include <gmp.h>
#include <nettle/bignum.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#include <nettle/gcm.h>

// Nettle takes P-256 coordinates, scalars and signature halves as GMP integers (`mpz_t`, an array type Swift imports
// awkwardly); Web Push and JOSE write them as 32-byte big-endian strings. These wrappers only convert between the
// two (nettle_mpz_set_str_256_u and nettle_mpz_get_str_256, bignum.h) around one nettle call each.

/// Sets `point` to (x, y); 0 when that is not a point on the curve (ecc_point_set).
static inline int cnettle_point_set(struct ecc_point *point, const uint8_t x[32], const uint8_t y[32])
{
    mpz_t mx, my;
    mpz_init(mx);
    mpz_init(my);
    nettle_mpz_set_str_256_u(mx, 32, x);
    nettle_mpz_set_str_256_u(my, 32, y);
    int ok = ecc_point_set(point, mx, my);
    mpz_clear(mx);
    mpz_clear(my);
    return ok;
}

/// Writes the point's coordinates, each as 32 bytes with leading zeros.
static inline void cnettle_point_get(const struct ecc_point *point, uint8_t x[32], uint8_t y[32])
{
    mpz_t mx, my;
    mpz_init(mx);
    mpz_init(my);
    ecc_point_get(point, mx, my);
    nettle_mpz_get_str_256(32, x, mx);
    nettle_mpz_get_str_256(32, y, my);
    mpz_clear(mx);
    mpz_clear(my);
}

/// Sets `scalar` to `value`; 0 unless 0 < value < the group order (ecc_scalar_set).
static inline int cnettle_scalar_set(struct ecc_scalar *scalar, const uint8_t value[32])
{
    mpz_t z;
    mpz_init(z);
    nettle_mpz_set_str_256_u(z, 32, value);
    int ok = ecc_scalar_set(scalar, z);
    mpz_clear(z);
    return ok;
}

static inline void cnettle_scalar_get(const struct ecc_scalar *scalar, uint8_t value[32])
{
    mpz_t z;
    mpz_init(z);
    ecc_scalar_get(scalar, z);
    nettle_mpz_get_str_256(32, value, z);
    mpz_clear(z);
}

/// ECDSA over a 32-byte digest; the signature as r ‖ s, 32 bytes each (as JWS ES256 writes it).
static inline void cnettle_ecdsa_sign(const struct ecc_scalar *key, void *random_context,
                                      nettle_random_func *random, const uint8_t digest[32], uint8_t signature[64])
{
    struct dsa_signature rs;
    dsa_signature_init(&rs);
    ecdsa_sign(key, random_context, random, 32, digest, &rs);
    nettle_mpz_get_str_256(32, signature, rs.r);
    nettle_mpz_get_str_256(32, signature + 32, rs.s);
    dsa_signature_clear(&rs);
}

/// Whether `signature` (r ‖ s) signs `digest` under `key` (ecdsa_verify).
static inline int cnettle_ecdsa_verify(const struct ecc_point *key, const uint8_t digest[32],
                                       const uint8_t signature[64])
{
    struct dsa_signature rs;
    dsa_signature_init(&rs);
    nettle_mpz_set_str_256_u(rs.r, 32, signature);
    nettle_mpz_set_str_256_u(rs.s, 32, signature + 32);
    int ok = ecdsa_verify(key, 32, digest, &rs);
    dsa_signature_clear(&rs);
    return ok;
}
