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

/// The pixels the image declares, read from its header alone; -1 when it is not an image.
static int64_t declared_pixels(const void *bytes, size_t length) {
    VipsImage *header = vips_image_new_from_buffer(bytes, length, "", "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (header == NULL) return -1;
    int64_t pixels = (int64_t)vips_image_get_width(header) * (int64_t)vips_image_get_height(header);
    g_object_unref(header);
    return pixels;
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

/// The image at most `width` wide (VIPS_MAX_COORD: its own size), upright (EXIF orientation), in
/// sRGB (its colour profile imported), 8-bit, flattened on white: what a JPEG holds and every
/// browser shows the same. Lazy: pixels are decoded as its consumer asks for them, and a JPEG
/// is decoded at the smallest scale that still gives `width`.
static VipsImage *prepared(const void *bytes, size_t length, int width) {
    VipsImage *image = NULL;
    VipsImage *next = NULL;
    if (width < VIPS_MAX_COORD) {
        if (vips_thumbnail_buffer((void *)bytes, length, &image, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                                  "export_profile", "srgb", "option_string", "fail_on=truncated", NULL)) {
            return NULL;
        }
    } else {
        // At its own size, what the thumbnail operation does without its resampling: read in
        // order, turned upright, its colour profile (if any) imported to sRGB.
        image = vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_TRUNCATED,
                                           NULL);
        if (image == NULL) return NULL;
        if (step(&image, vips_autorot(image, &next, NULL), &next)) goto failed;
        if (vips_image_get_typeof(image, VIPS_META_ICC_NAME) &&
            step(&image, vips_icc_transform(image, &next, "srgb", "embedded", TRUE, NULL), &next)) {
            goto failed;
        }
    }
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

/// Encodes `image` as `jpeg` (and, when asked, `webp`) without any metadata.
static int encode(VipsImage *image, tb_photo_version *jpeg, tb_photo_version *webp, int optimize) {
    jpeg->width = webp->width = vips_image_get_width(image);
    jpeg->height = webp->height = vips_image_get_height(image);
    if (vips_jpegsave_buffer(image, &jpeg->bytes, &jpeg->length, "Q", 82, "strip", TRUE, "optimize_coding", optimize,
                             NULL)) {
        return -1;
    }
    if (webp->width > 0 && webp != jpeg && webp->bytes == NULL && optimize) {
        return vips_webpsave_buffer(image, &webp->bytes, &webp->length, "Q", 78, "strip", TRUE, "effort", 0, NULL);
    }
    return 0;
}

/// Starts the decode clock on `image`: past the deadline libvips stops computing it.
static void watch(VipsImage *image, decode_clock *clock) {
    vips_image_set_progress(image, TRUE);
    g_signal_connect(image, "eval", G_CALLBACK(on_eval), clock);
}

/// The whole image's pass, run on a thread of its own beside the sizes' pass: a photo is ready
/// in the time of the longer pass, not of both.
typedef struct {
    const void *bytes;
    size_t length;
    tb_photo_version *jpeg;
    decode_clock clock;
    int failed;
    char message[256];
} whole_pass;

static void *encode_whole(void *argument) {
    whole_pass *pass = argument;
    VipsImage *whole = prepared(pass->bytes, pass->length, VIPS_MAX_COORD);
    pass->failed = whole == NULL;
    if (whole) {
        watch(whole, &pass->clock);
        pass->failed = encode(whole, pass->jpeg, pass->jpeg, FALSE) != 0;
        g_object_unref(whole);
    }
    // libvips's error buffer is this thread's: say it here.
    if (pass->failed) say_vips(pass->message, sizeof pass->message, "the image could not be decoded");
    return NULL;
}

tb_photo_status tb_photo_process(const void *bytes, size_t length, int64_t max_pixels, double max_seconds,
                                 const int *widths, int count, int webp, tb_photo_version *jpegs,
                                 tb_photo_version *webps, char *message, size_t message_capacity) {
    pthread_once(&started, start);
    for (int i = 0; i < count; i++) jpegs[i] = webps[i] = (tb_photo_version){0};
    if (start_failed) {
        say(message, message_capacity, "libvips could not start");
        return TB_PHOTO_UNREADABLE;
    }
    int64_t pixels = declared_pixels(bytes, length);
    if (pixels < 0) {
        say_vips(message, message_capacity, "not an image");
        return TB_PHOTO_UNREADABLE;
    }
    if (pixels > max_pixels) {
        say(message, message_capacity, "the image declares more pixels than allowed");
        return TB_PHOTO_TOO_LARGE;
    }
    decode_clock clock = {g_get_monotonic_time() + (gint64)(max_seconds * 1e6), 0};

    // Two passes over the bytes, each in bounded memory. The whole image streams from decoder to
    // encoder, a band of rows at a time. The sizes come from one decode at the largest width
    // asked for (a JPEG decoded at a fraction of its scale), kept in memory, each made from the
    // next larger one: a resize costs what its source has of pixels.
    int largest = 0;
    for (int i = 0; i < count; i++) {
        if (widths[i] > largest) largest = widths[i];
    }
    whole_pass whole = {bytes, length, NULL, clock, 0, ""};
    pthread_t whole_thread;
    int whole_started = 0;
    for (int i = 0; i < count; i++) {
        if (widths[i] > 0) continue;
        whole.jpeg = &jpegs[i];
        whole_started = pthread_create(&whole_thread, NULL, encode_whole, &whole) == 0;
        // No thread to be had: the pass runs here, first.
        if (!whole_started) encode_whole(&whole);
        break;
    }
    VipsImage *source = NULL;
    if (largest > 0) {
        VipsImage *lazy = prepared(bytes, length, largest);
        if (lazy == NULL) goto failed;
        watch(lazy, &clock);
        source = vips_image_copy_memory(lazy);
        g_object_unref(lazy);
        if (source == NULL) goto failed;
    }
    for (int i = count - 1; i >= 0 && source != NULL; i--) {
        if (widths[i] <= 0) continue;
        VipsImage *sized = NULL;
        int from = vips_image_get_width(source);
        if (widths[i] >= from) {
            sized = source;
            g_object_ref(sized);
        } else {
            VipsImage *lazy = NULL;
            if (vips_resize(source, &lazy, (double)widths[i] / from, NULL)) goto failed_with_source;
            sized = vips_image_copy_memory(lazy);
            g_object_unref(lazy);
            if (sized == NULL) goto failed_with_source;
            g_object_unref(source);
            source = sized;
            g_object_ref(source);
        }
        int failed = encode(sized, &jpegs[i], webp ? &webps[i] : &jpegs[i], TRUE);
        g_object_unref(sized);
        if (failed) goto failed_with_source;
    }
    if (source) g_object_unref(source);
    if (whole_started) pthread_join(whole_thread, NULL);
    vips_error_clear();
    if (whole.failed) {
        clear(jpegs, count);
        clear(webps, count);
        say(message, message_capacity, whole.message);
        return whole.clock.stopped ? TB_PHOTO_TOO_SLOW : TB_PHOTO_UNREADABLE;
    }
    return TB_PHOTO_OK;
failed_with_source:
    g_object_unref(source);
failed:
    if (whole_started) pthread_join(whole_thread, NULL);
    clear(jpegs, count);
    clear(webps, count);
    if (clock.stopped || whole.clock.stopped) {
        say(message, message_capacity, "decoding the image took too long");
        vips_error_clear();
        return TB_PHOTO_TOO_SLOW;
    }
    say_vips(message, message_capacity, "the image could not be decoded");
    return TB_PHOTO_UNREADABLE;
}

void tb_photo_free(void *bytes) { g_free(bytes); }
