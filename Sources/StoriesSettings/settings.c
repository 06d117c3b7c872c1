/* The settings model and its one-line serialisation `v1;draw=1;color=#f3af22` (SG-6, SG-7). */
#include "StoriesSettings.h"

#include <string.h>

SGSettings sg_settings_default(void) {
    SGSettings settings = {.drawing_enabled = true, .color = SG_DEFAULT_COLOR};
    return settings;
}

SGStatus sg_settings_validate(const SGSettings *settings) {
    if (settings == NULL) {
        return SGStatusNullArgument;
    }
    if (settings->color > 0xffffffu) {
        return SGStatusOutOfRange;
    }
    return sg_palette_find_rgb(settings->color) != NULL ? SGStatusOK : SGStatusNotInPalette;
}

SGStatus sg_settings_set_color_hex(SGSettings *settings, const char *text, size_t length) {
    if (settings == NULL) {
        return SGStatusNullArgument;
    }
    uint32_t rgb = 0;
    SGStatus status = sg_hex_parse(text, length, &rgb);
    if (status != SGStatusOK) {
        return status;
    }
    if (sg_palette_find_rgb(rgb) == NULL) {
        return SGStatusNotInPalette;
    }
    settings->color = rgb;
    return SGStatusOK;
}

SGStatus sg_settings_set_color_id(SGSettings *settings, const char *id, size_t length) {
    if (settings == NULL || (id == NULL && length > 0)) {
        return SGStatusNullArgument;
    }
    const SGPaletteColor *color = sg_palette_find_id(id, length);
    if (color == NULL) {
        return SGStatusUnknownColorID;
    }
    settings->color = color->rgb;
    return SGStatusOK;
}

const SGPaletteColor *sg_settings_color(const SGSettings *settings) {
    return settings != NULL ? sg_palette_find_rgb(settings->color) : NULL;
}

SGStatus sg_settings_format(const SGSettings *settings, char *buffer, size_t capacity) {
    if (settings == NULL || buffer == NULL) {
        return SGStatusNullArgument;
    }
    SGStatus status = sg_settings_validate(settings);
    if (status != SGStatusOK) {
        return status;
    }
    if (capacity < SG_SETTINGS_CAPACITY) {
        return SGStatusBufferTooSmall;
    }
    static const char head[] = "v1;draw=";
    static const char colorField[] = ";color=";
    size_t used = 0;
    memcpy(buffer, head, sizeof head - 1);
    used += sizeof head - 1;
    buffer[used++] = settings->drawing_enabled ? '1' : '0';
    memcpy(buffer + used, colorField, sizeof colorField - 1);
    used += sizeof colorField - 1;
    return sg_hex_format(settings->color, buffer + used, capacity - used);
}

/* True when the `length` bytes at `text` are exactly the NUL-terminated `literal`. */
static bool equals(const char *text, size_t length, const char *literal) {
    return strlen(literal) == length && memcmp(text, literal, length) == 0;
}

SGStatus sg_settings_parse(const char *text, size_t length, SGSettings *settings) {
    if (settings == NULL || (text == NULL && length > 0)) {
        return SGStatusNullArgument;
    }
    if (length == 0) {
        return SGStatusEmpty;
    }
    if (length > SG_SETTINGS_MAX_LENGTH) {
        return SGStatusTooLong;
    }
    /* The version is everything before the first ';'. */
    const char *end = text + length;
    const char *cursor = memchr(text, ';', length);
    const char *versionEnd = cursor != NULL ? cursor : end;
    if (!equals(text, (size_t)(versionEnd - text), "v1")) {
        return SGStatusBadVersion;
    }
    bool haveDraw = false;
    bool haveColor = false;
    SGSettings result = sg_settings_default();
    while (cursor != NULL) {
        const char *field = cursor + 1; /* after the ';' */
        cursor = memchr(field, ';', (size_t)(end - field));
        const char *fieldEnd = cursor != NULL ? cursor : end;
        const char *equalsSign = memchr(field, '=', (size_t)(fieldEnd - field));
        if (equalsSign == NULL || equalsSign == field) {
            return SGStatusSyntax;
        }
        size_t nameLength = (size_t)(equalsSign - field);
        const char *value = equalsSign + 1;
        size_t valueLength = (size_t)(fieldEnd - value);
        if (equals(field, nameLength, "draw")) {
            if (haveDraw) {
                return SGStatusDuplicateField;
            }
            haveDraw = true;
            if (equals(value, valueLength, "1")) {
                result.drawing_enabled = true;
            } else if (equals(value, valueLength, "0")) {
                result.drawing_enabled = false;
            } else {
                return SGStatusBadDrawValue;
            }
        } else if (equals(field, nameLength, "color")) {
            if (haveColor) {
                return SGStatusDuplicateField;
            }
            haveColor = true;
            SGStatus status = sg_settings_set_color_hex(&result, value, valueLength);
            if (status != SGStatusOK) {
                return status;
            }
        } else {
            return SGStatusUnknownField;
        }
    }
    if (!haveDraw || !haveColor) {
        return SGStatusMissingField;
    }
    *settings = result;
    return SGStatusOK;
}

const char *sg_status_message(SGStatus status) {
    switch (status) {
    case SGStatusOK: return "no error";
    case SGStatusNullArgument: return "a required pointer was NULL";
    case SGStatusEmpty: return "the text is empty";
    case SGStatusBadLength: return "a hex colour has 3 or 6 digits";
    case SGStatusBadDigit: return "a hex colour has only the digits 0-9 and a-f";
    case SGStatusOutOfRange: return "an RGB colour is at most 0xffffff";
    case SGStatusBufferTooSmall: return "the output buffer is too small";
    case SGStatusTooLong: return "settings text is at most 64 bytes";
    case SGStatusBadVersion: return "settings text starts with the version v1";
    case SGStatusSyntax: return "a settings field is written name=value";
    case SGStatusUnknownField: return "settings fields are draw and color";
    case SGStatusDuplicateField: return "a settings field appears once";
    case SGStatusMissingField: return "settings text has both draw and color";
    case SGStatusBadDrawValue: return "draw is 0 or 1";
    case SGStatusNotInPalette: return "the colour is not one of the palette's";
    case SGStatusUnknownColorID: return "no palette colour has this id";
    }
    return "unknown status";
}
