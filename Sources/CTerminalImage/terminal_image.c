// Terminal pictures through libchafa (drawing) and gdk-pixbuf (decoding), opened with
// dlopen on first use: toolbox starts without loading them, and runs without them.
// The few declarations below are those of chafa 1.x and gdk-pixbuf 2.x, whose
// sonames (libchafa.so.0, libgdk_pixbuf-2.0.so.0) keep them stable.

#include "CTerminalImage.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint32_t domain; int code; char *message; } GError;
typedef struct { char *str; size_t len; size_t allocated_len; } GString;

enum { CHAFA_CANVAS_MODE_TRUECOLOR = 0, CHAFA_CANVAS_MODE_INDEXED_256 = 1 };
enum { CHAFA_PIXEL_MODE_SYMBOLS = 0, CHAFA_PIXEL_MODE_SIXELS = 1, CHAFA_PIXEL_MODE_KITTY = 2, CHAFA_PIXEL_MODE_ITERM2 = 3 };
enum { CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4, CHAFA_PIXEL_RGB8 = 8 };
enum { CHAFA_DITHER_MODE_NONE = 0, CHAFA_DITHER_MODE_DIFFUSION = 2 };

static struct {
    int loaded;
    // chafa
    void *(*symbol_map_new)(void);
    void (*symbol_map_add_by_range)(void *, uint32_t, uint32_t);
    void (*symbol_map_unref)(void *);
    void *(*config_new)(void);
    void (*config_set_geometry)(void *, int, int);
    void (*config_set_cell_geometry)(void *, int, int);
    void (*config_set_canvas_mode)(void *, int);
    void (*config_set_pixel_mode)(void *, int);
    void (*config_set_symbol_map)(void *, const void *);
    void (*config_set_dither_mode)(void *, int);
    void (*config_unref)(void *);
    void *(*canvas_new)(const void *);
    void (*canvas_draw_all_pixels)(void *, int, const uint8_t *, int, int, int);
    GString *(*canvas_print)(void *, void *);
    void (*canvas_unref)(void *);
    void *(*term_db_new)(void);
    void *(*term_db_detect)(void *, char **);
    void (*term_db_unref)(void *);
    void (*term_info_unref)(void *);
    // gdk-pixbuf, gobject, glib
    void *(*loader_new)(void);
    void (*loader_set_size)(void *, int, int);
    int (*loader_write)(void *, const uint8_t *, size_t, GError **);
    int (*loader_close)(void *, GError **);
    void *(*loader_get_pixbuf)(void *);
    int (*pixbuf_get_width)(const void *);
    int (*pixbuf_get_height)(const void *);
    int (*pixbuf_get_rowstride)(const void *);
    int (*pixbuf_get_has_alpha)(const void *);
    int (*pixbuf_get_n_channels)(const void *);
    int (*pixbuf_get_bits_per_sample)(const void *);
    uint8_t *(*pixbuf_get_pixels)(const void *);
    void (*object_unref)(void *);
    unsigned long (*signal_connect_data)(void *, const char *, void (*)(void), void *, void *, int);
    void (*error_free)(GError *);
    char *(*string_free)(GString *, int);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void *open_first(const char *const *names) {
    for (; *names; names++) {
        void *handle = dlopen(*names, RTLD_NOW | RTLD_LOCAL);
        if (handle) return handle;
    }
    return NULL;
}

#define FIND(handle, field, name) \
    if (!(*(void **)&api.field = dlsym(handle, name))) return;

static void load(void) {
    static const char *const chafa_names[] = {"libchafa.so.0", "libchafa.0.dylib", "/opt/homebrew/lib/libchafa.0.dylib", "/usr/local/lib/libchafa.0.dylib", NULL};
    static const char *const pixbuf_names[] = {"libgdk_pixbuf-2.0.so.0", "libgdk_pixbuf-2.0.0.dylib", "/opt/homebrew/lib/libgdk_pixbuf-2.0.0.dylib", "/usr/local/lib/libgdk_pixbuf-2.0.0.dylib", NULL};
    static const char *const gobject_names[] = {"libgobject-2.0.so.0", "libgobject-2.0.0.dylib", "/opt/homebrew/lib/libgobject-2.0.0.dylib", "/usr/local/lib/libgobject-2.0.0.dylib", NULL};
    static const char *const glib_names[] = {"libglib-2.0.so.0", "libglib-2.0.0.dylib", "/opt/homebrew/lib/libglib-2.0.0.dylib", "/usr/local/lib/libglib-2.0.0.dylib", NULL};
    void *chafa = open_first(chafa_names), *pixbuf = open_first(pixbuf_names);
    void *gobject = open_first(gobject_names), *glib = open_first(glib_names);
    if (!chafa || !pixbuf || !gobject || !glib) return;
    FIND(chafa, symbol_map_new, "chafa_symbol_map_new")
    FIND(chafa, symbol_map_add_by_range, "chafa_symbol_map_add_by_range")
    FIND(chafa, symbol_map_unref, "chafa_symbol_map_unref")
    FIND(chafa, config_new, "chafa_canvas_config_new")
    FIND(chafa, config_set_geometry, "chafa_canvas_config_set_geometry")
    FIND(chafa, config_set_cell_geometry, "chafa_canvas_config_set_cell_geometry")
    FIND(chafa, config_set_canvas_mode, "chafa_canvas_config_set_canvas_mode")
    FIND(chafa, config_set_pixel_mode, "chafa_canvas_config_set_pixel_mode")
    FIND(chafa, config_set_symbol_map, "chafa_canvas_config_set_symbol_map")
    FIND(chafa, config_set_dither_mode, "chafa_canvas_config_set_dither_mode")
    FIND(chafa, config_unref, "chafa_canvas_config_unref")
    FIND(chafa, canvas_new, "chafa_canvas_new")
    FIND(chafa, canvas_draw_all_pixels, "chafa_canvas_draw_all_pixels")
    FIND(chafa, canvas_print, "chafa_canvas_print")
    FIND(chafa, canvas_unref, "chafa_canvas_unref")
    FIND(chafa, term_db_new, "chafa_term_db_new")
    FIND(chafa, term_db_detect, "chafa_term_db_detect")
    FIND(chafa, term_db_unref, "chafa_term_db_unref")
    FIND(chafa, term_info_unref, "chafa_term_info_unref")
    FIND(pixbuf, loader_new, "gdk_pixbuf_loader_new")
    FIND(pixbuf, loader_set_size, "gdk_pixbuf_loader_set_size")
    FIND(pixbuf, loader_write, "gdk_pixbuf_loader_write")
    FIND(pixbuf, loader_close, "gdk_pixbuf_loader_close")
    FIND(pixbuf, loader_get_pixbuf, "gdk_pixbuf_loader_get_pixbuf")
    FIND(pixbuf, pixbuf_get_width, "gdk_pixbuf_get_width")
    FIND(pixbuf, pixbuf_get_height, "gdk_pixbuf_get_height")
    FIND(pixbuf, pixbuf_get_rowstride, "gdk_pixbuf_get_rowstride")
    FIND(pixbuf, pixbuf_get_has_alpha, "gdk_pixbuf_get_has_alpha")
    FIND(pixbuf, pixbuf_get_n_channels, "gdk_pixbuf_get_n_channels")
    FIND(pixbuf, pixbuf_get_bits_per_sample, "gdk_pixbuf_get_bits_per_sample")
    FIND(pixbuf, pixbuf_get_pixels, "gdk_pixbuf_get_pixels")
    FIND(gobject, object_unref, "g_object_unref")
    FIND(gobject, signal_connect_data, "g_signal_connect_data")
    FIND(glib, error_free, "g_error_free")
    FIND(glib, string_free, "g_string_free")
    api.loaded = 1;
}

static void say(char *message, size_t capacity, const char *text) {
    if (capacity) snprintf(message, capacity, "%s", text);
}

/// The terminal chafa writes for: its escape sequences are those of this terminal.
static char **terminal_for(tb_image_method method) {
    static char *kitty[] = {"TERM=xterm-kitty", NULL};
    static char *iterm[] = {"TERM_PROGRAM=iTerm.app", NULL};
    static char *sixel[] = {"TERM=mlterm", NULL};
    static char *blocks[] = {"TERM=xterm-256color", "COLORTERM=truecolor", NULL};
    switch (method) {
    case TB_IMAGE_KITTY: return kitty;
    case TB_IMAGE_ITERM: return iterm;
    case TB_IMAGE_SIXEL: return sixel;
    default: return blocks;
    }
}

/// The cells a picture of `width` × `height` pixels takes: the largest box within `max_cols` ×
/// `max_rows` that keeps its shape.
static void box(int width, int height, int max_cols, int max_rows, int cell_width, int cell_height, int *cols, int *rows) {
    double shape = (double)height * cell_width / ((double)width * cell_height);
    int c = max_cols, r = (int)(c * shape + 0.5);
    if (r > max_rows) { r = max_rows; c = (int)(r / shape + 0.5); }
    *cols = c < 1 ? 1 : c;
    *rows = r < 1 ? 1 : r;
}

/// What the loader is told when the image's size is known, before its pixels are decoded.
typedef struct {
    int max_cols, max_rows, cell_width, cell_height;
    int64_t max_pixels;
    int width, height, too_large;
} wanted_size;

static void size_prepared(void *loader, int width, int height, void *data) {
    wanted_size *wanted = data;
    wanted->width = width;
    wanted->height = height;
    if (width <= 0 || height <= 0 || (int64_t)width * height > wanted->max_pixels) {
        wanted->too_large = width > 0 && height > 0;
        return;
    }
    // Decode no larger than the cells it is drawn in (their pixels, where the terminal says).
    int c, r;
    box(width, height, wanted->max_cols, wanted->max_rows, wanted->cell_width, wanted->cell_height, &c, &r);
    int drawn_width = c * wanted->cell_width, drawn_height = r * wanted->cell_height;
    if (drawn_width < width && drawn_height < height) api.loader_set_size(loader, drawn_width, drawn_height);
}

/// Bytes go to the loader this many at a time: the size is known after the first, and a picture
/// refused then has had no more than that decoded.
enum { FEED = 64 * 1024 };

tb_image_status tb_image_render(const uint8_t *bytes, size_t length, tb_image_method method, int max_cols, int max_rows,
                                int cell_width, int cell_height, int64_t max_pixels, char **out, size_t *out_length, int *cols,
                                int *rows, char *message, size_t message_capacity) {
    pthread_once(&load_once, load);
    if (!api.loaded) {
        say(message, message_capacity, "libchafa and gdk-pixbuf are needed to draw pictures");
        return TB_IMAGE_NO_LIBRARY;
    }
    GError *error = NULL;
    void *loader = api.loader_new();
    wanted_size wanted = {max_cols, max_rows, cell_width, cell_height, max_pixels, 0, 0, 0};
    api.signal_connect_data(loader, "size-prepared", (void (*)(void))size_prepared, &wanted, NULL, 0);
    int written = 1;
    for (size_t offset = 0; written && offset < length && !wanted.too_large; offset += FEED) {
        written = api.loader_write(loader, bytes + offset, length - offset < FEED ? length - offset : FEED, &error);
    }
    if (wanted.too_large) {
        if (error) api.error_free(error);
        api.loader_close(loader, NULL);
        api.object_unref(loader);
        if (message_capacity)
            snprintf(message, message_capacity, "the picture declares %d × %d pixels, more than %lld megapixels", wanted.width, wanted.height,
                     (long long)(max_pixels / 1000000));
        return TB_IMAGE_TOO_LARGE;
    }
    // Closing reports a truncated file even when the first part decoded: such a picture is refused.
    int closed = written && api.loader_close(loader, error ? NULL : &error);
    if (!written || !closed) {
        if (!written) api.loader_close(loader, NULL);
        say(message, message_capacity, error && error->message ? error->message : "not an image");
        if (error) api.error_free(error);
        api.object_unref(loader);
        return TB_IMAGE_UNREADABLE;
    }
    const void *pixbuf = api.loader_get_pixbuf(loader);
    int width = pixbuf ? api.pixbuf_get_width(pixbuf) : 0, height = pixbuf ? api.pixbuf_get_height(pixbuf) : 0;
    if (!pixbuf || width <= 0 || height <= 0 || api.pixbuf_get_bits_per_sample(pixbuf) != 8) {
        say(message, message_capacity, "not an image toolbox can draw");
        api.object_unref(loader);
        return TB_IMAGE_UNREADABLE;
    }
    int alpha = api.pixbuf_get_has_alpha(pixbuf) && api.pixbuf_get_n_channels(pixbuf) == 4;

    // The shape is the declared one: the pixels may have been decoded smaller.
    int c, r;
    box(wanted.width > 0 ? wanted.width : width, wanted.height > 0 ? wanted.height : height, max_cols, max_rows, cell_width, cell_height, &c,
        &r);

    void *symbols = api.symbol_map_new();
    api.symbol_map_add_by_range(symbols, 0x2580, 0x2580); // ▀: one cell, two pixels
    void *config = api.config_new();
    api.config_set_geometry(config, c, r);
    api.config_set_cell_geometry(config, cell_width, cell_height);
    api.config_set_canvas_mode(config, method == TB_IMAGE_BLOCKS_256 ? CHAFA_CANVAS_MODE_INDEXED_256 : CHAFA_CANVAS_MODE_TRUECOLOR);
    api.config_set_pixel_mode(config, method == TB_IMAGE_KITTY ? CHAFA_PIXEL_MODE_KITTY
                                      : method == TB_IMAGE_ITERM ? CHAFA_PIXEL_MODE_ITERM2
                                      : method == TB_IMAGE_SIXEL ? CHAFA_PIXEL_MODE_SIXELS
                                                                 : CHAFA_PIXEL_MODE_SYMBOLS);
    api.config_set_symbol_map(config, symbols);
    // 256 colours band smooth gradients unless dithered; 24-bit colour needs no dithering.
    api.config_set_dither_mode(config, method == TB_IMAGE_BLOCKS_256 ? CHAFA_DITHER_MODE_DIFFUSION : CHAFA_DITHER_MODE_NONE);
    void *canvas = api.canvas_new(config);
    api.canvas_draw_all_pixels(canvas, alpha ? CHAFA_PIXEL_RGBA8_UNASSOCIATED : CHAFA_PIXEL_RGB8, api.pixbuf_get_pixels(pixbuf), width,
                               height, api.pixbuf_get_rowstride(pixbuf));
    void *database = api.term_db_new();
    void *terminal = api.term_db_detect(database, terminal_for(method));
    GString *printed = api.canvas_print(canvas, terminal);

    *out_length = printed->len;
    *out = malloc(printed->len + 1);
    if (*out) memcpy(*out, printed->str, printed->len + 1);
    *cols = c;
    *rows = r;
    api.string_free(printed, 1);
    api.term_info_unref(terminal);
    api.term_db_unref(database);
    api.canvas_unref(canvas);
    api.config_unref(config);
    api.symbol_map_unref(symbols);
    api.object_unref(loader);
    return *out ? TB_IMAGE_OK : TB_IMAGE_UNREADABLE;
}

void tb_image_free(char *bytes) { free(bytes); }
