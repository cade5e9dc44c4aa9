#ifndef GRUBMAP_IMAGING_H
#define GRUBMAP_IMAGING_H

#include <stddef.h>
#include <stdint.h>

/// What gm_make_avatar reports besides its result.
typedef enum {
    GM_IMAGE_OK = 0,
    /// Neither a PNG nor a JPEG that libpng or libjpeg can read; `error` says why.
    GM_IMAGE_UNREADABLE = 1,
    /// Wider or taller than `max_side`, or more pixels than `max_pixels`: refused before decoding.
    GM_IMAGE_TOO_LARGE = 2,
    /// Memory could not be had.
    GM_IMAGE_NO_MEMORY = 3,
} gm_image_status;

/// Decodes a PNG (libpng's simplified API) or a JPEG (libjpeg, errors caught with setjmp), refusing images wider
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

/// Decodes a PNG or JPEG to RGB, 3 bytes a pixel, as it is stored (no turning): for tests that look at what
/// gm_make_avatar made. `*pixels` is from malloc (free it with gm_free).
gm_image_status gm_decode_rgb(
    const uint8_t *data, size_t size, uint8_t **pixels, int *width, int *height, char *error, size_t error_size);

/// Frees a buffer gm_make_avatar or gm_decode_rgb made.
void gm_free(void *buffer);

/// The comment gm_make_avatar writes into every JPEG it makes.
const char *gm_avatar_comment(void);

#endif
