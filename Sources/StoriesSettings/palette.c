/* The 13 stroke colours of the Settings screen (SG-6). */
#include "StoriesSettings.h"

#include <string.h>

/*
 * The seed names no colours (they are in its design file); SPECS.md SG-6 lists their hex values,
 * in this order. The ids and English names are ours: short, stable, descriptive of the colour.
 * An id is never reused: a retired colour keeps its id out of the table.
 */
static const SGPaletteColor palette[SG_PALETTE_COUNT] = {
    {"red", "stories.color.red", "Red", 0xbe2813u},
    {"ultramarine", "stories.color.ultramarine", "Ultramarine", 0x3802dau},
    {"green", "stories.color.green", "Green", 0x467c24u},
    {"grey", "stories.color.grey", "Grey", 0x808080u},
    {"violet", "stories.color.violet", "Violet", 0x8e5af7u},
    {"coral", "stories.color.coral", "Coral", 0xf07f5au},
    {"amber", "stories.color.amber", "Amber", 0xf3af22u},
    {"sky", "stories.color.sky", "Sky blue", 0x3dacf7u},
    {"pink", "stories.color.pink", "Pink", 0xe87aa4u},
    {"navy", "stories.color.navy", "Navy", 0x0f2e3fu},
    {"forest", "stories.color.forest", "Forest green", 0x213711u},
    {"maroon", "stories.color.maroon", "Maroon", 0x511307u},
    {"burgundy", "stories.color.burgundy", "Burgundy", 0x92003bu},
};

size_t sg_palette_count(void) {
    return SG_PALETTE_COUNT;
}

const SGPaletteColor *sg_palette_at(size_t index) {
    return index < SG_PALETTE_COUNT ? &palette[index] : NULL;
}

const SGPaletteColor *sg_palette_find_id(const char *id, size_t length) {
    if (id == NULL) {
        return NULL;
    }
    for (size_t index = 0; index < SG_PALETTE_COUNT; index++) {
        const char *candidate = palette[index].id;
        if (strlen(candidate) == length && memcmp(candidate, id, length) == 0) {
            return &palette[index];
        }
    }
    return NULL;
}

const SGPaletteColor *sg_palette_find_rgb(uint32_t rgb) {
    for (size_t index = 0; index < SG_PALETTE_COUNT; index++) {
        if (palette[index].rgb == rgb) {
            return &palette[index];
        }
    }
    return NULL;
}
