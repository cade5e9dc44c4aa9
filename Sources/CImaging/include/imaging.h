#ifndef GRUBMAP_IMAGING_H
#define GRUBMAP_IMAGING_H

#include <stddef.h>
#include <stdint.h>

/// What gm_make_avatar and gm_make_photo report besides their result.
typedef enum {
    GM_IMAGE_OK = 0,
    /// Not a PNG, JPEG or WebP that libpng, libjpeg or libwebp can read; `error` says why.
    GM_IMAGE_UNREADABLE = 1,
    /// Wider or taller than `max_side`, or more pixels than `max_pixels`: refused before decoding.
    GM_IMAGE_TOO_LARGE = 2,
    /// Memory could not be had.
    GM_IMAGE_NO_MEMORY = 3,
} gm_image_status;

/// Decodes a PNG (libpng's simplified API), a JPEG (libjpeg, errors caught with setjmp) or a WebP (libwebp), refusing images wider
/// or taller than `max_side` or with more than `max_pixels` pixels from their header alone; turns a JPEG as its
/// EXIF orientation says; crops the centred square, scales it down to at most `side` pixels (never up), lays
/// transparency on white, and encodes a baseline JPEG of `quality` with no metadata but a comment naming Grubmap.
///
/// On GM_IMAGE_OK, `*out` is a buffer from malloc (free it with gm_free) of `*out_size` bytes. The image's own
/// width and height are stored in `*width` and `*height` whenever the header could be read. `error` receives a
/// NUL-terminated message of at most `error_size` bytes.
gm_image_status gm_make_avatar(
    const uint8_t *data, size_t size, int side, int quality, int max_side, long max_pixels,
    uint8_t **out, size_t *out_size, int *width, int *height, char *error, size_t error_size);

/// A JPEG gm_make_photo made: `bytes` from malloc (free it with gm_free), and its size in pixels.
typedef struct {
    uint8_t *bytes;
    size_t size;
    int width, height;
} gm_jpeg;

/// Decodes a PNG, JPEG or WebP as gm_make_avatar does (refused from the header past `max_side` or `max_pixels`; a
/// JPEG turned as its EXIF says), scales it down to at most `side` pixels on its longest side and, from that, to
/// `thumbnail_side` (never up, never cropped), and encodes both as baseline JPEGs of `quality` with no metadata but
/// a comment naming Grubmap. A JPEG is decoded at 1/2, 1/4 or 1/8 of its size when that still covers `side`, so a
/// 12-megapixel photo never lies whole in memory.
///
/// On GM_IMAGE_OK, `*photo` and `*thumbnail` hold the two; on any other status both are empty. `*width` and
/// `*height` receive the image's own size whenever the header could be read.
gm_image_status gm_make_photo(
    const uint8_t *data, size_t size, int side, int thumbnail_side, int quality, int max_side, long max_pixels,
    gm_jpeg *photo, gm_jpeg *thumbnail, int *width, int *height, char *error, size_t error_size);

/// Decodes a PNG, JPEG or WebP to RGB, 3 bytes a pixel, as it is stored (no turning): for tests that look at what
/// gm_make_avatar and gm_make_photo made. `*pixels` is from malloc (free it with gm_free).
gm_image_status gm_decode_rgb(
    const uint8_t *data, size_t size, uint8_t **pixels, int *width, int *height, char *error, size_t error_size);

/// Encodes RGB pixels (3 bytes a pixel, rows without padding) as a JPEG of `quality` with no comment: for tests and
/// benchmarks that need a camera's JPEG to upload. `*out` is from malloc (free it with gm_free).
gm_image_status gm_encode_jpeg(
    const uint8_t *rgb, int width, int height, int quality, uint8_t **out, size_t *out_size);

/// Encodes RGBA pixels (4 bytes a pixel, rows without padding) as a lossless WebP with libwebp: for tests that
/// need one to upload. Returns its size, 0 on failure; free `*out` with gm_free_webp.
size_t gm_encode_webp(const uint8_t *rgba, int width, int height, uint8_t **out);

/// Frees a buffer gm_make_avatar, gm_make_photo, gm_encode_jpeg or gm_decode_rgb made.
void gm_free(void *buffer);

/// Frees a buffer gm_encode_webp made.
void gm_free_webp(void *buffer);

/// The comment gm_make_avatar writes into every JPEG it makes.
const char *gm_avatar_comment(void);

/// The comment gm_make_photo writes into every JPEG it makes.
const char *gm_photo_comment(void);

#endif
