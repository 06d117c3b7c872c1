/* Hex colours: `#rgb` and `#rrggbb` in, `#rrggbb` out (SG-6). */
#include "StoriesSettings.h"

/* The value of a hex digit, or -1. */
static int nibble(char character) {
    if (character >= '0' && character <= '9') {
        return character - '0';
    }
    if (character >= 'a' && character <= 'f') {
        return character - 'a' + 10;
    }
    if (character >= 'A' && character <= 'F') {
        return character - 'A' + 10;
    }
    return -1;
}

SGStatus sg_hex_parse(const char *text, size_t length, uint32_t *rgb) {
    if (rgb == NULL || (text == NULL && length > 0)) {
        return SGStatusNullArgument;
    }
    if (length > 0 && text[0] == '#') {
        text++;
        length--;
    }
    if (length == 0) {
        return SGStatusEmpty;
    }
    if (length != 3 && length != 6) {
        return SGStatusBadLength;
    }
    uint32_t value = 0;
    for (size_t index = 0; index < length; index++) {
        int digit = nibble(text[index]);
        if (digit < 0) {
            return SGStatusBadDigit;
        }
        value = value << 4 | (uint32_t)digit;
        if (length == 3) {
            value = value << 4 | (uint32_t)digit; /* #abc is #aabbcc */
        }
    }
    *rgb = value;
    return SGStatusOK;
}

SGStatus sg_hex_format(uint32_t rgb, char *buffer, size_t capacity) {
    static const char digits[] = "0123456789abcdef";
    if (buffer == NULL) {
        return SGStatusNullArgument;
    }
    if (rgb > 0xffffffu) {
        return SGStatusOutOfRange;
    }
    if (capacity < SG_HEX_CAPACITY) {
        return SGStatusBufferTooSmall;
    }
    buffer[0] = '#';
    for (int index = 0; index < 6; index++) {
        buffer[1 + index] = digits[(rgb >> (20 - 4 * index)) & 0xfu];
    }
    buffer[7] = '\0';
    return SGStatusOK;
}
