// Avatars Grubmap makes itself: decode with libpng or libjpeg, check, turn, crop, scale, and re-encode as JPEG.
// Kept in C because libjpeg reports errors by longjmp, which must not cross Swift frames.

#include "imaging.h"

// stdio.h first: jpeglib.h uses FILE without including it.
#include <stdio.h>

#include <jpeglib.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

static const char avatar_comment[] = "Grubmap avatar";

const char *gm_avatar_comment(void) { return avatar_comment; }

void gm_free(void *buffer) { free(buffer); }

/// An RGB image, 3 bytes a pixel, rows without padding.
typedef struct {
    int width, height;
    uint8_t *pixels;
} rgb_image;

static void say(char *error, size_t error_size, const char *message) {
    if (error_size > 0) snprintf(error, error_size, "%s", message);
}

static int too_large(long width, long height, int max_side, long max_pixels) {
    return width > max_side || height > max_side || width * height > max_pixels;
}

// MARK: PNG

static gm_image_status decode_png(
    const uint8_t *data, size_t size, int max_side, long max_pixels, rgb_image *image, int *width, int *height,
    char *error, size_t error_size)
{
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&png, data, size)) {
        say(error, error_size, png.message);
        return GM_IMAGE_UNREADABLE;
    }
    *width = (int)png.width;
    *height = (int)png.height;
    if (too_large(png.width, png.height, max_side, max_pixels)) {
        png_image_free(&png);
        return GM_IMAGE_TOO_LARGE;
    }
    // Transparency is laid on white as the PNG is read.
    png.format = PNG_FORMAT_RGB;
    png_color white = {255, 255, 255};
    uint8_t *pixels = malloc(PNG_IMAGE_SIZE(png));
    if (pixels == NULL) {
        png_image_free(&png);
        return GM_IMAGE_NO_MEMORY;
    }
    if (!png_image_finish_read(&png, &white, pixels, 0, NULL)) {
        say(error, error_size, png.message);
        free(pixels);
        png_image_free(&png);
        return GM_IMAGE_UNREADABLE;
    }
    image->width = (int)png.width;
    image->height = (int)png.height;
    image->pixels = pixels;
    return GM_IMAGE_OK;
}

// MARK: JPEG

/// libjpeg's error manager, extended with where to jump back to instead of exiting the process.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf back;
    char message[JMSG_LENGTH_MAX];
} jpeg_errors;

static void jpeg_fail(j_common_ptr info) {
    jpeg_errors *errors = (jpeg_errors *)info->err;
    (*info->err->format_message)(info, errors->message);
    longjmp(errors->back, 1);
}

static void jpeg_quiet(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

static uint16_t read16(const uint8_t *p, int little) { return little ? p[0] | p[1] << 8 : p[0] << 8 | p[1]; }

static uint32_t read32(const uint8_t *p, int little) {
    return little ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
                  : (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/// The EXIF orientation (1–8) of an APP1 segment, or 1 when it has none or cannot be read; every read is bounded.
static int exif_orientation(const uint8_t *data, unsigned length) {
    if (length < 14 || memcmp(data, "Exif\0\0", 6) != 0) return 1;
    const uint8_t *tiff = data + 6;
    unsigned size = length - 6;
    int little;
    if (memcmp(tiff, "II", 2) == 0) little = 1;
    else if (memcmp(tiff, "MM", 2) == 0) little = 0;
    else return 1;
    uint32_t ifd = read32(tiff + 4, little);
    if (ifd > size - 2 || ifd + 2 > size) return 1;
    unsigned entries = read16(tiff + ifd, little);
    for (unsigned i = 0; i < entries; i++) {
        uint32_t entry = ifd + 2 + 12 * i;
        if (entry + 12 > size) return 1;
        if (read16(tiff + entry, little) == 0x0112) {
            int value = read16(tiff + entry + 8, little);
            return value >= 1 && value <= 8 ? value : 1;
        }
    }
    return 1;
}

static gm_image_status decode_jpeg(
    const uint8_t *data, size_t size, int max_side, long max_pixels, rgb_image *image, int *orientation,
    int *width, int *height, char *error, size_t error_size)
{
    struct jpeg_decompress_struct info;
    jpeg_errors errors;
    uint8_t *volatile pixels = NULL;
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = jpeg_fail;
    errors.base.emit_message = jpeg_quiet;
    if (setjmp(errors.back)) {
        say(error, error_size, errors.message);
        jpeg_destroy_decompress(&info);
        free(pixels);
        return GM_IMAGE_UNREADABLE;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    if (too_large(info.image_width, info.image_height, max_side, max_pixels)) {
        jpeg_destroy_decompress(&info);
        return GM_IMAGE_TOO_LARGE;
    }
    *orientation = 1;
    for (jpeg_saved_marker_ptr marker = info.marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1) *orientation = exif_orientation(marker->data, marker->data_length);
    }
    info.out_color_space = JCS_RGB;
    // Decode big photos at a fraction of their size: an avatar needs no more than twice its side.
    unsigned shortest = info.image_width < info.image_height ? info.image_width : info.image_height;
    info.scale_num = 1;
    info.scale_denom = 1;
    while (info.scale_denom < 8 && shortest / (info.scale_denom * 2) >= 512) info.scale_denom *= 2;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 3;
    pixels = malloc(stride * info.output_height);
    if (pixels == NULL) {
        jpeg_destroy_decompress(&info);
        return GM_IMAGE_NO_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    if (errors.base.num_warnings > 0) {
        // libjpeg fills a cut-off or corrupt image with grey and calls it a warning; Grubmap refuses it.
        (*errors.base.format_message)((j_common_ptr)&info, errors.message);
        say(error, error_size, errors.message);
        jpeg_destroy_decompress(&info);
        free(pixels);
        return GM_IMAGE_UNREADABLE;
    }
    image->width = (int)info.output_width;
    image->height = (int)info.output_height;
    image->pixels = pixels;
    jpeg_destroy_decompress(&info);
    return GM_IMAGE_OK;
}

// MARK: Square, turn and scale

/// Where output pixel (x, y) of a `side`-square comes from in the upright square, for an EXIF orientation.
static void oriented(int orientation, int side, int x, int y, int *sx, int *sy) {
    int last = side - 1;
    switch (orientation) {
    case 2: *sx = last - x; *sy = y; break;
    case 3: *sx = last - x; *sy = last - y; break;
    case 4: *sx = x; *sy = last - y; break;
    case 5: *sx = y; *sy = x; break;
    case 6: *sx = y; *sy = last - x; break;
    case 7: *sx = last - y; *sy = last - x; break;
    case 8: *sx = last - y; *sy = x; break;
    default: *sx = x; *sy = y; break;
    }
}

/// The centred square of `image`, turned upright and averaged down to `side` (a box filter over each output
/// pixel's cell), read in place.
static uint8_t *square(const rgb_image *image, int orientation, int side) {
    int source = image->width < image->height ? image->width : image->height;
    int left = (image->width - source) / 2, top = (image->height - source) / 2;
    uint8_t *output = malloc((size_t)side * side * 3);
    if (output == NULL) return NULL;
    for (int y = 0; y < side; y++) {
        int y0 = (int)((long)y * source / side), y1 = (int)((long)(y + 1) * source / side);
        if (y1 <= y0) y1 = y0 + 1;
        for (int x = 0; x < side; x++) {
            int x0 = (int)((long)x * source / side), x1 = (int)((long)(x + 1) * source / side);
            if (x1 <= x0) x1 = x0 + 1;
            unsigned long sum[3] = {0, 0, 0}, count = (unsigned long)(x1 - x0) * (unsigned long)(y1 - y0);
            for (int v = y0; v < y1; v++) {
                for (int u = x0; u < x1; u++) {
                    int sx, sy;
                    oriented(orientation, source, u, v, &sx, &sy);
                    const uint8_t *pixel = image->pixels + ((size_t)(top + sy) * image->width + (left + sx)) * 3;
                    sum[0] += pixel[0];
                    sum[1] += pixel[1];
                    sum[2] += pixel[2];
                }
            }
            uint8_t *pixel = output + ((size_t)y * side + x) * 3;
            for (int c = 0; c < 3; c++) pixel[c] = (uint8_t)((sum[c] + count / 2) / count);
        }
    }
    return output;
}

static gm_image_status encode_jpeg(
    const uint8_t *pixels, int side, int quality, uint8_t **out, size_t *out_size, char *error, size_t error_size)
{
    struct jpeg_compress_struct info;
    jpeg_errors errors;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = jpeg_fail;
    errors.base.emit_message = jpeg_quiet;
    if (setjmp(errors.back)) {
        say(error, error_size, errors.message);
        jpeg_destroy_compress(&info);
        free(buffer);
        return GM_IMAGE_UNREADABLE;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &length);
    info.image_width = (JDIMENSION)side;
    info.image_height = (JDIMENSION)side;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.optimize_coding = TRUE;
    info.write_JFIF_header = TRUE;
    jpeg_start_compress(&info, TRUE);
    jpeg_write_marker(&info, JPEG_COM, (const JOCTET *)avatar_comment, (unsigned)strlen(avatar_comment));
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * side * 3);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = buffer;
    *out_size = length;
    return GM_IMAGE_OK;
}

gm_image_status gm_make_avatar(
    const uint8_t *data, size_t size, int side, int quality, int max_side, long max_pixels,
    uint8_t **out, size_t *out_size, int *width, int *height, char *error, size_t error_size)
{
    rgb_image image = {0, 0, NULL};
    int orientation = 1;
    gm_image_status status;
    *width = 0;
    *height = 0;
    say(error, error_size, "");
    if (size >= 8 && png_sig_cmp(data, 0, 8) == 0) {
        status = decode_png(data, size, max_side, max_pixels, &image, width, height, error, error_size);
    } else if (size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) {
        status = decode_jpeg(data, size, max_side, max_pixels, &image, &orientation, width, height, error, error_size);
    } else {
        say(error, error_size, "neither a PNG nor a JPEG");
        return GM_IMAGE_UNREADABLE;
    }
    if (status != GM_IMAGE_OK) return status;
    int shortest = image.width < image.height ? image.width : image.height;
    int target = shortest < side ? shortest : side;
    uint8_t *scaled = square(&image, orientation, target);
    free(image.pixels);
    if (scaled == NULL) return GM_IMAGE_NO_MEMORY;
    status = encode_jpeg(scaled, target, quality, out, out_size, error, error_size);
    free(scaled);
    return status;
}

gm_image_status gm_decode_rgb(
    const uint8_t *data, size_t size, uint8_t **pixels, int *width, int *height, char *error, size_t error_size)
{
    rgb_image image = {0, 0, NULL};
    int orientation = 1, declared_width = 0, declared_height = 0;
    gm_image_status status;
    if (size >= 8 && png_sig_cmp(data, 0, 8) == 0) {
        status = decode_png(data, size, 1 << 14, 1L << 28, &image, &declared_width, &declared_height, error, error_size);
    } else {
        status = decode_jpeg(
            data, size, 1 << 14, 1L << 28, &image, &orientation, &declared_width, &declared_height, error, error_size);
    }
    if (status != GM_IMAGE_OK) return status;
    *pixels = image.pixels;
    *width = image.width;
    *height = image.height;
    return GM_IMAGE_OK;
}
