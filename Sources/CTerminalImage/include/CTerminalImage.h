#ifndef CTERMINALIMAGE_H
#define CTERMINALIMAGE_H

#include <stddef.h>
#include <stdint.h>

/// How a picture is written to the terminal.
typedef enum {
    TB_IMAGE_BLOCKS_TRUECOLOR = 0,
    TB_IMAGE_BLOCKS_256 = 1,
    TB_IMAGE_KITTY = 2,
    TB_IMAGE_ITERM = 3,
    TB_IMAGE_SIXEL = 4,
} tb_image_method;

typedef enum {
    TB_IMAGE_OK = 0,
    /// libchafa or gdk-pixbuf could not be loaded.
    TB_IMAGE_NO_LIBRARY = 1,
    /// The bytes are not an image gdk-pixbuf can read whole.
    TB_IMAGE_UNREADABLE = 2,
    /// The image declares more than `max_pixels` pixels: refused before its pixels are decoded.
    TB_IMAGE_TOO_LARGE = 3,
} tb_image_status;

/// Decodes `bytes` (JPEG, PNG, GIF's first frame, WebP with its gdk-pixbuf loader) and
/// draws it with libchafa in at most `max_cols` × `max_rows` cells of `cell_width` ×
/// `cell_height` pixels, keeping its aspect ratio. The size the image declares is read
/// first: past `max_pixels` it is refused before its pixels are decoded; otherwise it is
/// decoded at the size drawn where the format allows it (JPEG scales while decoding). On
/// success `*out` (free it with `tb_image_free`) holds the bytes to write, and `*cols`,
/// `*rows` the cells used. On failure `message` holds why. The libraries are opened on
/// first use, not at start-up.
tb_image_status tb_image_render(const uint8_t *bytes, size_t length, tb_image_method method, int max_cols, int max_rows,
                                int cell_width, int cell_height, int64_t max_pixels, char **out, size_t *out_length, int *cols,
                                int *rows, char *message, size_t message_capacity);

void tb_image_free(char *bytes);

#endif
