// Avatars and meal photos Grubmap makes itself: decode with libpng, libjpeg or libwebp, check, turn, crop, scale,
// and re-encode as JPEG. Kept in C because libjpeg reports errors by longjmp, which must not cross Swift frames.

#include "imaging.h"

// stdio.h first: jpeglib.h uses FILE without including it.
#include <stdio.h>

#include <jpeglib.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/encode.h>

static const char avatar_comment[] = "Grubmap avatar";
static const char photo_comment[] = "Grubmap photo";

const char *gm_avatar_comment(void) { return avatar_comment; }

const char *gm_photo_comment(void) { return photo_comment; }

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

/// How much of an image the caller needs: at least `keep` pixels on its shortest side (or its longest, with
/// `by_longest`) when it has them. Decoders that scale as they decode (libjpeg, libwebp) decode no more than that.
typedef struct {
    int by_longest;
    unsigned keep;
} wanted_size;

static unsigned measured(wanted_size wanted, unsigned width, unsigned height) {
    int longest_is_width = width >= height;
    return wanted.by_longest == longest_is_width ? width : height;
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
    const uint8_t *data, size_t size, int max_side, long max_pixels, wanted_size wanted, rgb_image *image,
    int *orientation, int *width, int *height, char *error, size_t error_size)
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
    // Decode big photos at a fraction of their size (1/2, 1/4 or 1/8, done inside the IDCT): a 12-megapixel photo
    // wanted at 1,280 pixels is decoded at 2000×1500, a quarter of the memory and the time.
    unsigned side = measured(wanted, info.image_width, info.image_height);
    info.scale_num = 1;
    info.scale_denom = 1;
    while (info.scale_denom < 8 && side / (info.scale_denom * 2) >= wanted.keep) info.scale_denom *= 2;
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

// MARK: WebP

/// Decodes a WebP with libwebp, checking its size from the header first (WebPGetFeatures), scaled as it is decoded
/// to what `wanted` asks, with transparency laid on white.
static gm_image_status decode_webp(
    const uint8_t *data, size_t size, int max_side, long max_pixels, wanted_size wanted, rgb_image *image,
    int *width, int *height, char *error, size_t error_size)
{
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config) || WebPGetFeatures(data, size, &config.input) != VP8_STATUS_OK) {
        say(error, error_size, "not a WebP image libwebp can read");
        return GM_IMAGE_UNREADABLE;
    }
    *width = config.input.width;
    *height = config.input.height;
    if (too_large(config.input.width, config.input.height, max_side, max_pixels)) return GM_IMAGE_TOO_LARGE;
    unsigned side = measured(wanted, (unsigned)config.input.width, (unsigned)config.input.height);
    if (side > wanted.keep) {
        double scale = (double)wanted.keep / side;
        config.options.use_scaling = 1;
        config.options.scaled_width = (int)(config.input.width * scale + 0.5);
        config.options.scaled_height = (int)(config.input.height * scale + 0.5);
        if (config.options.scaled_width < 1) config.options.scaled_width = 1;
        if (config.options.scaled_height < 1) config.options.scaled_height = 1;
    }
    config.output.colorspace = MODE_RGBA;
    if (WebPDecode(data, size, &config) != VP8_STATUS_OK) {
        say(error, error_size, "a WebP image libwebp could not decode (cut off or corrupt)");
        WebPFreeDecBuffer(&config.output);
        return GM_IMAGE_UNREADABLE;
    }
    int out_width = config.output.width, out_height = config.output.height;
    uint8_t *pixels = malloc((size_t)out_width * out_height * 3);
    if (pixels == NULL) {
        WebPFreeDecBuffer(&config.output);
        return GM_IMAGE_NO_MEMORY;
    }
    for (int y = 0; y < out_height; y++) {
        const uint8_t *row = config.output.u.RGBA.rgba + (size_t)y * config.output.u.RGBA.stride;
        uint8_t *to = pixels + (size_t)y * out_width * 3;
        for (int x = 0; x < out_width; x++) {
            unsigned alpha = row[x * 4 + 3];
            for (int c = 0; c < 3; c++) to[x * 3 + c] = (uint8_t)((row[x * 4 + c] * alpha + 255 * (255 - alpha)) / 255);
        }
    }
    WebPFreeDecBuffer(&config.output);
    image->width = out_width;
    image->height = out_height;
    image->pixels = pixels;
    return GM_IMAGE_OK;
}

// MARK: Any of the three

/// Decodes a PNG, JPEG or WebP, told apart by its first bytes (never by a declared type), to RGB; `*orientation`
/// is the EXIF one of a JPEG, else 1.
static gm_image_status decode(
    const uint8_t *data, size_t size, int max_side, long max_pixels, wanted_size wanted, rgb_image *image,
    int *orientation, int *width, int *height, char *error, size_t error_size)
{
    *orientation = 1;
    *width = 0;
    *height = 0;
    say(error, error_size, "");
    if (size >= 8 && png_sig_cmp(data, 0, 8) == 0) {
        return decode_png(data, size, max_side, max_pixels, image, width, height, error, error_size);
    }
    if (size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) {
        return decode_jpeg(
            data, size, max_side, max_pixels, wanted, image, orientation, width, height, error, error_size);
    }
    if (size >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0) {
        return decode_webp(data, size, max_side, max_pixels, wanted, image, width, height, error, error_size);
    }
    say(error, error_size, "not a PNG, JPEG or WebP image");
    return GM_IMAGE_UNREADABLE;
}

// MARK: Turn and scale

/// Where pixel (x, y) of the upright image, `width`×`height` once turned, is stored, for an EXIF orientation.
static void oriented(int orientation, int width, int height, int x, int y, int *sx, int *sy) {
    switch (orientation) {
    case 2: *sx = width - 1 - x; *sy = y; break;
    case 3: *sx = width - 1 - x; *sy = height - 1 - y; break;
    case 4: *sx = x; *sy = height - 1 - y; break;
    case 5: *sx = y; *sy = x; break;
    case 6: *sx = y; *sy = width - 1 - x; break;
    case 7: *sx = height - 1 - y; *sy = width - 1 - x; break;
    case 8: *sx = height - 1 - y; *sy = x; break;
    default: *sx = x; *sy = y; break;
    }
}

/// The upright width and height of `image` for an EXIF orientation (5 to 8 turn it a quarter).
static void upright_size(const rgb_image *image, int orientation, int *width, int *height) {
    *width = orientation >= 5 ? image->height : image->width;
    *height = orientation >= 5 ? image->width : image->height;
}

/// A `source_width`×`source_height` region of `image` turned upright (its top left corner at `left`, `top` in
/// upright pixels), averaged down to `width`×`height` (a box filter over each output pixel's cell), read in place.
static uint8_t *resample(
    const rgb_image *image, int orientation, int left, int top, int source_width, int source_height, int width,
    int height)
{
    int upright_width, upright_height;
    upright_size(image, orientation, &upright_width, &upright_height);
    uint8_t *output = malloc((size_t)width * height * 3);
    if (output == NULL) return NULL;
    for (int y = 0; y < height; y++) {
        int y0 = (int)((long)y * source_height / height), y1 = (int)((long)(y + 1) * source_height / height);
        if (y1 <= y0) y1 = y0 + 1;
        for (int x = 0; x < width; x++) {
            int x0 = (int)((long)x * source_width / width), x1 = (int)((long)(x + 1) * source_width / width);
            if (x1 <= x0) x1 = x0 + 1;
            unsigned long sum[3] = {0, 0, 0}, count = (unsigned long)(x1 - x0) * (unsigned long)(y1 - y0);
            for (int v = y0; v < y1; v++) {
                for (int u = x0; u < x1; u++) {
                    int sx, sy;
                    oriented(orientation, upright_width, upright_height, left + u, top + v, &sx, &sy);
                    const uint8_t *pixel = image->pixels + ((size_t)sy * image->width + sx) * 3;
                    sum[0] += pixel[0];
                    sum[1] += pixel[1];
                    sum[2] += pixel[2];
                }
            }
            uint8_t *pixel = output + ((size_t)y * width + x) * 3;
            for (int c = 0; c < 3; c++) pixel[c] = (uint8_t)((sum[c] + count / 2) / count);
        }
    }
    return output;
}

/// Encodes RGB pixels as a baseline JPEG of `quality` whose only metadata is the JFIF header and `comment`, if any.
static gm_image_status encode_jpeg(
    const uint8_t *pixels, int width, int height, int quality, const char *comment, uint8_t **out, size_t *out_size,
    char *error, size_t error_size)
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
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.optimize_coding = TRUE;
    info.write_JFIF_header = TRUE;
    jpeg_start_compress(&info, TRUE);
    if (comment != NULL) jpeg_write_marker(&info, JPEG_COM, (const JOCTET *)comment, (unsigned)strlen(comment));
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * width * 3);
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
    int orientation;
    // An avatar is made from no more than twice its side.
    wanted_size wanted = {0, (unsigned)side * 2};
    gm_image_status status =
        decode(data, size, max_side, max_pixels, wanted, &image, &orientation, width, height, error, error_size);
    if (status != GM_IMAGE_OK) return status;
    int upright_width, upright_height;
    upright_size(&image, orientation, &upright_width, &upright_height);
    int shortest = upright_width < upright_height ? upright_width : upright_height;
    int target = shortest < side ? shortest : side;
    uint8_t *scaled = resample(
        &image, orientation, (upright_width - shortest) / 2, (upright_height - shortest) / 2, shortest, shortest,
        target, target);
    free(image.pixels);
    if (scaled == NULL) return GM_IMAGE_NO_MEMORY;
    status = encode_jpeg(scaled, target, target, quality, avatar_comment, out, out_size, error, error_size);
    free(scaled);
    return status;
}

/// `width`×`height` scaled down to at most `side` on its longest side, never up, at least a pixel each way.
static void fit(int width, int height, int side, int *fitted_width, int *fitted_height) {
    int longest = width > height ? width : height;
    if (longest <= side) {
        *fitted_width = width;
        *fitted_height = height;
        return;
    }
    *fitted_width = (int)(((long)width * side + longest / 2) / longest);
    *fitted_height = (int)(((long)height * side + longest / 2) / longest);
    if (*fitted_width < 1) *fitted_width = 1;
    if (*fitted_height < 1) *fitted_height = 1;
}

/// Scales `image` (turned by `orientation`) to fit `side` and encodes it into `jpeg`; the scaled pixels are kept
/// in `*scaled` for the caller to scale further, or freed when `scaled` is NULL.
static gm_image_status make_jpeg(
    const rgb_image *image, int orientation, int side, int quality, gm_jpeg *jpeg, rgb_image *scaled, char *error,
    size_t error_size)
{
    int upright_width, upright_height;
    upright_size(image, orientation, &upright_width, &upright_height);
    int width, height;
    fit(upright_width, upright_height, side, &width, &height);
    uint8_t *pixels = resample(image, orientation, 0, 0, upright_width, upright_height, width, height);
    if (pixels == NULL) return GM_IMAGE_NO_MEMORY;
    gm_image_status status =
        encode_jpeg(pixels, width, height, quality, photo_comment, &jpeg->bytes, &jpeg->size, error, error_size);
    jpeg->width = width;
    jpeg->height = height;
    if (status == GM_IMAGE_OK && scaled != NULL) {
        *scaled = (rgb_image){width, height, pixels};
    } else {
        free(pixels);
    }
    return status;
}

gm_image_status gm_make_photo(
    const uint8_t *data, size_t size, int side, int thumbnail_side, int quality, int max_side, long max_pixels,
    gm_jpeg *photo, gm_jpeg *thumbnail, int *width, int *height, char *error, size_t error_size)
{
    rgb_image image = {0, 0, NULL}, large = {0, 0, NULL};
    int orientation;
    *photo = (gm_jpeg){NULL, 0, 0, 0};
    *thumbnail = (gm_jpeg){NULL, 0, 0, 0};
    wanted_size wanted = {1, (unsigned)side};
    gm_image_status status =
        decode(data, size, max_side, max_pixels, wanted, &image, &orientation, width, height, error, error_size);
    if (status != GM_IMAGE_OK) return status;
    status = make_jpeg(&image, orientation, side, quality, photo, &large, error, error_size);
    free(image.pixels);
    if (status != GM_IMAGE_OK) return status;
    // The thumbnail is scaled from the upright large picture, a fraction of the work of the decoded one.
    status = make_jpeg(&large, 1, thumbnail_side, quality, thumbnail, NULL, error, error_size);
    free(large.pixels);
    if (status != GM_IMAGE_OK) {
        free(photo->bytes);
        photo->bytes = NULL;
    }
    return status;
}

gm_image_status gm_decode_rgb(
    const uint8_t *data, size_t size, uint8_t **pixels, int *width, int *height, char *error, size_t error_size)
{
    rgb_image image = {0, 0, NULL};
    int orientation, declared_width, declared_height;
    wanted_size everything = {1, ~0u};
    gm_image_status status = decode(
        data, size, 1 << 14, 1L << 28, everything, &image, &orientation, &declared_width, &declared_height, error,
        error_size);
    if (status != GM_IMAGE_OK) return status;
    *pixels = image.pixels;
    *width = image.width;
    *height = image.height;
    return GM_IMAGE_OK;
}

gm_image_status gm_encode_jpeg(
    const uint8_t *rgb, int width, int height, int quality, uint8_t **out, size_t *out_size)
{
    char error[JMSG_LENGTH_MAX];
    return encode_jpeg(rgb, width, height, quality, NULL, out, out_size, error, sizeof error);
}

size_t gm_encode_webp(const uint8_t *rgba, int width, int height, uint8_t **out) {
    return WebPEncodeLosslessRGBA(rgba, width, height, width * 4, out);
}

void gm_free_webp(void *buffer) { WebPFree(buffer); }
