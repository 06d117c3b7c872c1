/*
 * StoriesSettings: the settings model of the Stories & Gallery app (SG-6, SG-7).
 *
 * The document asks for the Settings module in Objective-C; Linux has no Objective-C runtime, so
 * the model is plain C11 that Swift imports (SG-7). Everything here is pure: no allocation, no
 * mutable globals, every input bounded by an explicit length (text need not be NUL-terminated).
 */
#ifndef STORIES_SETTINGS_H
#define STORIES_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Swift imports a closed enum as a Swift enum (cases `.ok`, `.badDigit`…) rather than a struct. */
#if defined(__has_attribute)
#  if __has_attribute(enum_extensibility)
#    define SG_CLOSED_ENUM __attribute__((enum_extensibility(closed)))
#  endif
#endif
#ifndef SG_CLOSED_ENUM
#  define SG_CLOSED_ENUM
#endif

/** What a call did: `SGStatusOK` or the first problem it found. `sg_status_message` explains each. */
typedef enum SG_CLOSED_ENUM SGStatus {
    SGStatusOK = 0,
    /** A required pointer was NULL (a NULL text with length 0 is `SGStatusEmpty` instead). */
    SGStatusNullArgument,
    /** Hex colour: nothing, or only `#`. Settings text: nothing at all. */
    SGStatusEmpty,
    /** Hex colour: not 3 or 6 digits after the optional `#`. */
    SGStatusBadLength,
    /** Hex colour: a character that is not 0-9, a-f or A-F. */
    SGStatusBadDigit,
    /** An RGB value above 0xffffff. */
    SGStatusOutOfRange,
    /** The output buffer cannot hold the text and its NUL. */
    SGStatusBufferTooSmall,
    /** Settings text longer than `SG_SETTINGS_MAX_LENGTH` bytes. */
    SGStatusTooLong,
    /** Settings text that does not start with the version `v1`. */
    SGStatusBadVersion,
    /** Settings text with an empty field or a field without `=`. */
    SGStatusSyntax,
    /** Settings text with a field other than `draw` and `color`. */
    SGStatusUnknownField,
    /** Settings text naming a field twice. */
    SGStatusDuplicateField,
    /** Settings text without `draw` or without `color`. */
    SGStatusMissingField,
    /** A `draw` value other than `0` or `1`. */
    SGStatusBadDrawValue,
    /** A valid colour that is not one of the palette's 13 (SG-6). */
    SGStatusNotInPalette,
    /** A colour id the palette does not have. */
    SGStatusUnknownColorID,
} SGStatus;

/** Entries in the palette (SG-6). */
#define SG_PALETTE_COUNT 13
/** Bytes `sg_hex_format` needs: `#rrggbb` and a NUL. */
#define SG_HEX_CAPACITY 8
/** The colour drawings start with (SG-3, SG-6): `#f3af22`. */
#define SG_DEFAULT_COLOR 0xf3af22u
/** The longest settings text `sg_settings_parse` reads, in bytes. */
#define SG_SETTINGS_MAX_LENGTH 64
/** Bytes `sg_settings_format` needs, NUL included (`v1;draw=1;color=#f3af22` is 23 bytes). */
#define SG_SETTINGS_CAPACITY 32

/** One stroke colour the settings screen offers (SG-6). */
typedef struct SGPaletteColor {
    /** Stable identifier (`amber`), never reused for another colour. */
    const char *id;
    /** String catalogue key of the colour's name (`stories.color.amber`); Swift localizes it. */
    const char *name_key;
    /** The English name, for logs and as the catalogue's English entry. */
    const char *english_name;
    /** 0xRRGGBB. */
    uint32_t rgb;
} SGPaletteColor;

/** The number of palette entries, `SG_PALETTE_COUNT`. */
size_t sg_palette_count(void);
/** The entry at `index` in the order SG-6 lists them, or NULL past the end. */
const SGPaletteColor *sg_palette_at(size_t index);
/** The entry whose id is the `length` bytes at `id` (case-sensitive), or NULL. */
const SGPaletteColor *sg_palette_find_id(const char *id, size_t length);
/** The entry with colour `rgb`, or NULL. */
const SGPaletteColor *sg_palette_find_rgb(uint32_t rgb);

/**
 * Parses `#rgb` or `#rrggbb` (the `#` optional, digits in either case) from the `length` bytes at
 * `text` into `*rgb` (`#abc` means `#aabbcc`). Nothing else is accepted: no spaces, no alpha.
 * `*rgb` is written only on success.
 */
SGStatus sg_hex_parse(const char *text, size_t length, uint32_t *rgb);
/** Writes `rgb` as `#rrggbb` in lower case, NUL-terminated, into `buffer` (at least `SG_HEX_CAPACITY`). */
SGStatus sg_hex_format(uint32_t rgb, char *buffer, size_t capacity);

/** The Settings screen's two values (SG-6). */
typedef struct SGSettings {
    /** "Draw stories": on, paths are stroked over time (SG-3); off, they appear at once. */
    bool drawing_enabled;
    /** The stroke colour, 0xRRGGBB, one of the palette's. */
    uint32_t color;
} SGSettings;

/** Drawing on, colour `#f3af22` (SG-3, SG-6). */
SGSettings sg_settings_default(void);
/** `SGStatusOK` when the colour is a palette colour; `SGStatusOutOfRange` or `SGStatusNotInPalette` if not. */
SGStatus sg_settings_validate(const SGSettings *settings);
/** Sets the colour from hex text (`sg_hex_parse`); it must be a palette colour. Unchanged on failure. */
SGStatus sg_settings_set_color_hex(SGSettings *settings, const char *text, size_t length);
/** Sets the colour from a palette id (`amber`). Unchanged on failure. */
SGStatus sg_settings_set_color_id(SGSettings *settings, const char *id, size_t length);
/** The palette entry of the settings' colour, or NULL if it is not one. */
const SGPaletteColor *sg_settings_color(const SGSettings *settings);

/**
 * Writes the settings as `v1;draw=1;color=#f3af22` (NUL-terminated) into `buffer`, which must
 * hold `SG_SETTINGS_CAPACITY` bytes. Invalid settings are refused with `sg_settings_validate`'s status.
 */
SGStatus sg_settings_format(const SGSettings *settings, char *buffer, size_t capacity);
/**
 * Reads settings text: `v1`, then `;draw=0|1` and `;color=<hex>`, each exactly once in either
 * order, at most `SG_SETTINGS_MAX_LENGTH` bytes, nothing else (no spaces). The colour may be any
 * form `sg_hex_parse` takes but must be a palette colour. `*settings` is written only on success.
 */
SGStatus sg_settings_parse(const char *text, size_t length, SGSettings *settings);

/** A short English explanation of `status`, for logs and tests (never NULL). */
const char *sg_status_message(SGStatus status);

#ifdef __cplusplus
}
#endif

#endif /* STORIES_SETTINGS_H */
