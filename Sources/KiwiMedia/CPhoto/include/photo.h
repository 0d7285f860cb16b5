#ifndef CPHOTO_H
#define CPHOTO_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    TB_PHOTO_OK = 0,
    /// Its pixels cannot be read to their end: cut short, or damaged (`message` has libvips's words).
    TB_PHOTO_UNREADABLE = 1,
    /// The image declares more than `max_pixels` pixels: refused from its header, before decoding.
    TB_PHOTO_TOO_LARGE = 2,
    /// Decoding took longer than `max_seconds`: stopped there.
    TB_PHOTO_TOO_SLOW = 3,
    /// Not even its header reads as an image libvips knows.
    TB_PHOTO_NOT_AN_IMAGE = 4,
} tb_photo_status;

/// One encoded version: `bytes` (free with `tb_photo_free`) of a `width` × `height` image.
typedef struct {
    void *bytes;
    size_t length;
    int width;
    int height;
} tb_photo_version;

/// Processes `bytes` (JPEG, PNG, WebP, HEIC, GIF's first frame): turned upright by its
/// orientation, in sRGB, flattened on white, and encoded at each of `widths` (0: the largest
/// version, within `largest_side` on both sides; a width past its own is its own; never enlarged)
/// as a JPEG, and for non-zero widths also as a WebP when `webp` is set. Two passes, on two
/// threads: the largest version streamed from decoder to encoder, and the sizes from one decode at
/// the largest width, each made from the next larger. No metadata field of the input is written.
/// A file not read to its end, past `max_pixels` (read from the header) or past `max_seconds` of
/// decoding is refused. On failure `message` says why.
tb_photo_status tb_photo_process(const void *bytes, size_t length, int64_t max_pixels, double max_seconds, int largest_side,
                                 const int *widths, int count, int webp, tb_photo_version *jpegs,
                                 tb_photo_version *webps, char *message, size_t message_capacity);

void tb_photo_free(void *bytes);

/// Whether `bytes` is a JPEG that carries nothing but its image: no EXIF (not even an
/// orientation), XMP, colour profile, comment or other application segment before its scan,
/// as every version `tb_photo_process` makes is.
int tb_photo_is_bare_jpeg(const void *bytes, size_t length);

#endif
