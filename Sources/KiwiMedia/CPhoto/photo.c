#include "photo.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>

static pthread_once_t started = PTHREAD_ONCE_INIT;
static int start_failed = 0;

/// libvips's warnings (a damaged file, a codec's complaint) would go to the server's stderr
/// unasked: a photo that is not read whole is refused with its reason instead.
static void quiet(const gchar *domain, GLogLevelFlags level, const gchar *text, gpointer user) {
    (void)domain, (void)level, (void)text, (void)user;
}

static void start(void) {
    if (VIPS_INIT("toolbox")) {
        start_failed = 1;
        return;
    }
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, quiet, NULL);
    // Every photo is decoded once: libvips's operation cache would only keep pixels alive.
    vips_cache_set_max(0);
}

static void say(char *message, size_t capacity, const char *text) {
    if (capacity > 0) snprintf(message, capacity, "%s", text);
}

/// libvips's last error, shortened to its first line, then cleared (it is per thread).
static void say_vips(char *message, size_t capacity, const char *fallback) {
    const char *error = vips_error_buffer();
    if (error == NULL || *error == '\0') error = fallback;
    if (capacity > 0) {
        snprintf(message, capacity, "%s", error);
        char *newline = strchr(message, '\n');
        if (newline) *newline = '\0';
    }
    vips_error_clear();
}

typedef struct {
    gint64 deadline;
    int stopped;
} decode_clock;

/// libvips calls this as it computes the image: past the deadline it stops the computation.
static void on_eval(VipsImage *image, VipsProgress *progress, void *user) {
    (void)progress;
    decode_clock *clock = user;
    if (g_get_monotonic_time() > clock->deadline) {
        clock->stopped = 1;
        vips_image_set_kill(image, TRUE);
    }
}

/// Replaces *image by *next (taking its reference), or keeps it when the step failed. `next` is
/// read here, after the step that sets it has run (an argument's order of evaluation is not C's).
static int step(VipsImage **image, int failed, VipsImage **next) {
    if (failed) return -1;
    g_object_unref(*image);
    *image = *next;
    *next = NULL;
    return 0;
}

/// What the image's header says, read without decoding a pixel.
typedef struct {
    int64_t pixels;
    /// Its sides as it is shown, upright (a JPEG stored turned by its orientation has them swapped).
    int width, height;
    /// It carries a colour profile: its colours are converted from it to sRGB.
    int has_profile;
    /// A JPEG, which libjpeg decodes at 1/2, 1/4 or 1/8 of its scale for little more than the cost
    /// of its smaller size.
    int is_jpeg;
} header_facts;

/// -1 pixels when it is not an image libvips reads.
static header_facts read_header(const void *bytes, size_t length) {
    header_facts facts = {-1, 0, 0, 0, 0};
    VipsImage *header = vips_image_new_from_buffer(bytes, length, "", "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (header == NULL) return facts;
    int width = vips_image_get_width(header), height = vips_image_get_height(header);
    facts.pixels = (int64_t)width * (int64_t)height;
    int swapped = vips_image_get_orientation_swap(header);
    facts.width = swapped ? height : width;
    facts.height = swapped ? width : height;
    facts.has_profile = vips_image_get_typeof(header, VIPS_META_ICC_NAME) != 0;
    const char *loader = NULL;
    facts.is_jpeg = !vips_image_get_string(header, VIPS_META_LOADER, &loader) && loader && strcmp(loader, "jpegload_buffer") == 0;
    g_object_unref(header);
    return facts;
}

/// The scale (1, 2, 4 or 8) to decode a JPEG at for a result within `width` × `height`: the
/// smallest that fits, as long as it keeps `least` of the bound (then nothing is resampled at
/// all), else the largest that keeps the bound whole (then it is resized down to it). A 48-megapixel
/// photo's largest version is its half (4032 px), decoded for about a 12-megapixel photo's cost;
/// a 12-megapixel photo's 1280 px version comes from its half too.
static int jpeg_shrink(header_facts header, int width, int height, double least) {
    int shrink = 1;
    while (shrink < 8) {
        int next = shrink * 2;
        int fits = header.width / next <= width && header.height / next <= height;
        int keeps = header.width / next >= width * (fits ? least : 1.0) || header.height / next >= height * (fits ? least : 1.0);
        if (!keeps) break;
        shrink = next;
        if (fits) break;
    }
    return shrink;
}

/// `image` with none of its metadata (EXIF with its GPS position, XMP, IPTC, comments, the
/// colour profile once imported, the orientation once applied): savers write what an image
/// carries. Its own `vips-` fields stay. (libvips 8.14's WebP saver still writes a small EXIF
/// block of its own, resolution and orientation 1, whatever `strip` says: the caller removes it.)
static int bare(VipsImage **image) {
    VipsImage *copy = NULL;
    if (vips_copy(*image, &copy, NULL)) return -1;
    gchar **fields = vips_image_get_fields(copy);
    for (int i = 0; fields[i] != NULL; i++) {
        if (!g_str_has_prefix(fields[i], "vips-")) vips_image_remove(copy, fields[i]);
    }
    g_strfreev(fields);
    g_object_unref(*image);
    *image = copy;
    return 0;
}

/// The image within `width` × `height` (VIPS_MAX_COORD: unbounded), never enlarged, upright (every
/// EXIF orientation, HEIF's irot and imir), in sRGB (an embedded profile converted, CMYK and
/// greyscale turned to RGB), 8-bit, flattened on white: what a JPEG holds and every browser shows
/// the same. libvips's thumbnail operation does it with shrink-on-load (a WebP's or HEIC's own
/// smaller decode; a JPEG's scale chosen by `jpeg_shrink`, `least` of the bound kept). Lazy where
/// the result can stream; a turned photo is held whole once shrunk (a turn reads rows out of order).
static VipsImage *prepared(const void *bytes, size_t length, header_facts header, int width, int height, double least) {
    VipsImage *image = NULL;
    VipsImage *next = NULL;
    VipsImage *loaded = NULL;
    int shrink = header.is_jpeg ? jpeg_shrink(header, width, height, least) : 1;
    if (shrink > 1) {
        loaded = vips_image_new_from_buffer(bytes, length, "", "shrink", shrink, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                                            VIPS_FAIL_ON_TRUNCATED, NULL);
        if (loaded == NULL) return NULL;
    }
    // Only an embedded profile is converted, and colorimetrically: converting an sRGB photo through
    // libvips's own sRGB profile with its perceptual intent would move saturated colours. (Without
    // one, the NULL name ends the options.)
    const char *profile = header.has_profile ? "srgb" : NULL;
    int failed = loaded ? vips_thumbnail_image(loaded, &image, width, "height", height, "size", VIPS_SIZE_DOWN, "intent",
                                               VIPS_INTENT_RELATIVE, profile ? "export_profile" : NULL, profile, NULL)
                        : vips_thumbnail_buffer((void *)bytes, length, &image, width, "height", height, "size", VIPS_SIZE_DOWN,
                                                "option_string", "fail_on=truncated", "intent", VIPS_INTENT_RELATIVE,
                                                profile ? "export_profile" : NULL, profile, NULL);
    if (loaded) g_object_unref(loaded);
    if (failed) return NULL;
    if (vips_image_hasalpha(image)) {
        VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
        int failed = vips_flatten(image, &next, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        if (step(&image, failed, &next)) goto failed;
    }
    if (step(&image, vips_colourspace(image, &next, VIPS_INTERPRETATION_sRGB, NULL), &next)) goto failed;
    if (vips_image_get_format(image) != VIPS_FORMAT_UCHAR) {
        if (step(&image, vips_cast(image, &next, VIPS_FORMAT_UCHAR, NULL), &next)) goto failed;
    }
    if (bare(&image)) goto failed;
    return image;
failed:
    g_object_unref(image);
    return NULL;
}

static void clear(tb_photo_version *versions, int count) {
    for (int i = 0; i < count; i++) {
        if (versions[i].bytes) g_free(versions[i].bytes);
        versions[i] = (tb_photo_version){0};
    }
}

/// Encodes `image` as a JPEG without any metadata; `optimize` (Huffman tables of its own) makes a
/// version a few per cent smaller for a little more time.
static int encode_jpeg(VipsImage *image, tb_photo_version *jpeg, int optimize) {
    jpeg->width = vips_image_get_width(image);
    jpeg->height = vips_image_get_height(image);
    return vips_jpegsave_buffer(image, &jpeg->bytes, &jpeg->length, "Q", 82, "strip", TRUE, "optimize_coding", optimize, NULL);
}

static uint32_t little_endian32(const unsigned char *bytes) {
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static void put_little_endian32(unsigned char *bytes, uint32_t value) {
    for (int i = 0; i < 4; i++) bytes[i] = (unsigned char)(value >> (8 * i));
}

/// libvips 8.14's WebP saver writes an EXIF chunk of its own (resolution, orientation 1) whatever
/// `strip` says: the chunks other than the image's own go, in place, and the extended header no
/// longer announces them, so a version carries no metadata at all.
static void drop_webp_metadata(tb_photo_version *webp) {
    unsigned char *bytes = webp->bytes;
    size_t length = webp->length;
    if (length < 12 || memcmp(bytes, "RIFF", 4) || memcmp(bytes + 8, "WEBP", 4)) return;
    size_t read = 12, write = 12;
    while (read + 8 <= length) {
        size_t size = little_endian32(bytes + read + 4);
        size_t whole = 8 + size + (size & 1);
        if (whole > length - read) break;
        if (memcmp(bytes + read, "EXIF", 4) && memcmp(bytes + read, "XMP ", 4)) {
            memmove(bytes + write, bytes + read, whole);
            // VP8X's flags: bit 3 EXIF, bit 2 XMP.
            if (!memcmp(bytes + write, "VP8X", 4) && size >= 1) bytes[write + 8] &= (unsigned char)~0x0C;
            write += whole;
        }
        read += whole;
    }
    if (read != length) return;
    put_little_endian32(bytes + 4, (uint32_t)(write - 8));
    webp->length = write;
}

static int encode_webp(VipsImage *image, tb_photo_version *webp) {
    webp->width = vips_image_get_width(image);
    webp->height = vips_image_get_height(image);
    if (vips_webpsave_buffer(image, &webp->bytes, &webp->length, "Q", 78, "strip", TRUE, "effort", 0, NULL)) return -1;
    drop_webp_metadata(webp);
    return 0;
}

/// Starts the decode clock on `image`: past the deadline libvips stops computing it.
static void watch(VipsImage *image, decode_clock *clock) {
    vips_image_set_progress(image, TRUE);
    g_signal_connect(image, "eval", G_CALLBACK(on_eval), clock);
}

/// The sizes' encodings (a JPEG and a WebP of each), queued as their images are made and taken by
/// whichever of the two threads is free: the largest version's thread helps once its own image is
/// written, so neither core waits while the other encodes.
enum { MAX_ENCODINGS = 32 };

typedef struct {
    VipsImage *image;
    tb_photo_version *version;
    int webp;
} encoding;

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    encoding waiting[MAX_ENCODINGS];
    int queued, taken, closed, failed;
} encodings;

static void encodings_add(encodings *queue, VipsImage *image, tb_photo_version *version, int webp) {
    pthread_mutex_lock(&queue->lock);
    if (queue->queued < MAX_ENCODINGS) {
        g_object_ref(image);
        queue->waiting[queue->queued++] = (encoding){image, version, webp};
    } else {
        queue->failed = 1;
    }
    pthread_cond_signal(&queue->changed);
    pthread_mutex_unlock(&queue->lock);
}

/// No more will be queued: the threads waiting for one stop once the queue is empty.
static void encodings_close(encodings *queue) {
    pthread_mutex_lock(&queue->lock);
    queue->closed = 1;
    pthread_cond_broadcast(&queue->changed);
    pthread_mutex_unlock(&queue->lock);
}

/// Encodes what is queued, waiting for more, until the queue is closed and empty.
static void encodings_work(encodings *queue) {
    for (;;) {
        pthread_mutex_lock(&queue->lock);
        while (queue->taken == queue->queued && !queue->closed) pthread_cond_wait(&queue->changed, &queue->lock);
        if (queue->taken == queue->queued) {
            pthread_mutex_unlock(&queue->lock);
            return;
        }
        encoding next = queue->waiting[queue->taken++];
        pthread_mutex_unlock(&queue->lock);
        int failed = next.webp ? encode_webp(next.image, next.version) : encode_jpeg(next.image, next.version, TRUE);
        g_object_unref(next.image);
        if (failed) {
            pthread_mutex_lock(&queue->lock);
            queue->failed = 1;
            pthread_mutex_unlock(&queue->lock);
        }
    }
}

/// The largest version's pass, run on a thread of its own beside the sizes' pass (then helping
/// with their encodings): a photo is ready in about half the time of both passes.
typedef struct {
    const void *bytes;
    size_t length;
    header_facts header;
    int side;
    tb_photo_version *jpeg;
    decode_clock clock;
    /// Where it helps afterwards; NULL when it runs on the caller's thread.
    encodings *queue;
    int failed;
    char message[256];
} largest_pass;

static void *encode_largest(void *argument) {
    largest_pass *pass = argument;
    if (pass->jpeg) {
        // Three quarters of the bound kept: a photo up to twice the bound is decoded at its half.
        VipsImage *largest = prepared(pass->bytes, pass->length, pass->header, pass->side, pass->side, 0.75);
        pass->failed = largest == NULL;
        if (largest) {
            watch(largest, &pass->clock);
            pass->failed = encode_jpeg(largest, pass->jpeg, FALSE) != 0;
            g_object_unref(largest);
        }
        // libvips's error buffer is this thread's: say it here.
        if (pass->failed) say_vips(pass->message, sizeof pass->message, "the image could not be decoded");
    }
    if (pass->queue) encodings_work(pass->queue);
    return NULL;
}

tb_photo_status tb_photo_process(const void *bytes, size_t length, int64_t max_pixels, double max_seconds, int largest_side,
                                 const int *widths, int count, int webp, tb_photo_version *jpegs,
                                 tb_photo_version *webps, char *message, size_t message_capacity) {
    pthread_once(&started, start);
    for (int i = 0; i < count; i++) jpegs[i] = webps[i] = (tb_photo_version){0};
    if (start_failed) {
        say(message, message_capacity, "libvips could not start");
        return TB_PHOTO_UNREADABLE;
    }
    header_facts header = read_header(bytes, length);
    if (header.pixels < 0) {
        say_vips(message, message_capacity, "not an image");
        return TB_PHOTO_NOT_AN_IMAGE;
    }
    if (header.pixels > max_pixels) {
        say(message, message_capacity, "the image declares more pixels than allowed");
        return TB_PHOTO_TOO_LARGE;
    }
    decode_clock clock = {g_get_monotonic_time() + (gint64)(max_seconds * 1e6), 0};

    // Two passes over the bytes, each in bounded memory. The largest version streams from decoder
    // to encoder, a band of rows at a time (a turned one is held once shrunk). The sizes come from
    // one decode at the largest width asked for (a JPEG decoded at a fraction of its scale), kept
    // in memory, each made from the next larger one: a resize costs what its source has of pixels.
    int widest = 0;
    for (int i = 0; i < count; i++) {
        if (widths[i] > widest) widest = widths[i];
    }
    encodings queue = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, {{0}}, 0, 0, 0, 0};
    largest_pass largest = {bytes, length, header, largest_side, NULL, clock, &queue, 0, ""};
    for (int i = 0; i < count; i++) {
        if (widths[i] == 0) largest.jpeg = &jpegs[i];
    }
    pthread_t helper;
    int helping = pthread_create(&helper, NULL, encode_largest, &largest) == 0;
    // No thread to be had: the largest version is made here, first, and the encodings after.
    if (!helping) {
        largest.queue = NULL;
        encode_largest(&largest);
    }
    int failed = 0;
    VipsImage *source = NULL;
    if (widest > 0) {
        VipsImage *lazy = prepared(bytes, length, header, widest, VIPS_MAX_COORD, 1.0);
        if (lazy != NULL) {
            watch(lazy, &clock);
            source = vips_image_copy_memory(lazy);
            g_object_unref(lazy);
        }
        failed = source == NULL;
    }
    for (int i = count - 1; i >= 0 && !failed; i--) {
        if (widths[i] <= 0) continue;
        int from = vips_image_get_width(source);
        if (widths[i] < from) {
            VipsImage *lazy = NULL;
            VipsImage *sized = NULL;
            if (vips_resize(source, &lazy, (double)widths[i] / from, NULL) == 0) {
                sized = vips_image_copy_memory(lazy);
                g_object_unref(lazy);
            }
            if (sized == NULL) {
                failed = 1;
                break;
            }
            g_object_unref(source);
            source = sized;
        }
        // The WebP first: it takes longest, so the other thread is not left with it at the end.
        if (webp) encodings_add(&queue, source, &webps[i], TRUE);
        encodings_add(&queue, source, &jpegs[i], FALSE);
    }
    // The decode's error is this thread's: said before the encodings run.
    char sizes_message[256] = "";
    if (failed) say_vips(sizes_message, sizeof sizes_message, "the image could not be decoded");
    if (source) g_object_unref(source);
    encodings_close(&queue);
    encodings_work(&queue);
    if (helping) pthread_join(helper, NULL);
    vips_error_clear();
    if (failed || largest.failed || queue.failed) {
        clear(jpegs, count);
        clear(webps, count);
        if (clock.stopped || largest.clock.stopped) {
            say(message, message_capacity, "decoding the image took too long");
            return TB_PHOTO_TOO_SLOW;
        }
        say(message, message_capacity, failed ? sizes_message : largest.failed ? largest.message : "the image could not be encoded");
        return TB_PHOTO_UNREADABLE;
    }
    return TB_PHOTO_OK;
}

void tb_photo_free(void *bytes) { g_free(bytes); }

int tb_photo_is_bare_jpeg(const void *data, size_t length) {
    const unsigned char *bytes = data;
    if (length < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8) return 0;
    size_t offset = 2;
    while (offset + 4 <= length) {
        if (bytes[offset] != 0xFF) return 0;
        unsigned char marker = bytes[offset + 1];
        if (marker == 0xDA) return 1;
        if (marker == 0xFF || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) {
            offset += marker == 0xFF ? 1 : 2;
            continue;
        }
        // JFIF (APP0) and Adobe's colour transform (APP14) say how to decode; every other
        // application segment, and a comment, is metadata.
        if ((marker >= 0xE1 && marker <= 0xED) || marker == 0xEF || marker == 0xFE) return 0;
        size_t segment = (size_t)bytes[offset + 2] << 8 | bytes[offset + 3];
        if (segment < 2) return 0;
        offset += 2 + segment;
    }
    return 0;
}
