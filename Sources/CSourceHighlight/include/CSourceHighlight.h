#ifndef C_SOURCE_HIGHLIGHT_H
#define C_SOURCE_HIGHLIGHT_H

// A C interface to GNU Source-highlight (Debian's libsource-highlight-dev), so that Swift never sees
// C++ (issue 49). Every function catches every C++ exception: none crosses into Swift.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The semantic classes a token can have (issue 49); source-highlight's element names (keyword,
/// usertype, cbracket, preproc...) map onto them, and any other element is plain text.
enum {
    CSH_CLASS_KEYWORD = 1,
    CSH_CLASS_TYPE,
    CSH_CLASS_STRING,
    CSH_CLASS_COMMENT,
    CSH_CLASS_NUMBER,
    CSH_CLASS_PREPROCESSOR,
    CSH_CLASS_FUNCTION,
    CSH_CLASS_VARIABLE,
    CSH_CLASS_SYMBOL,
};

/// A run of a line's bytes in one class: `start` and `length` count UTF-8 bytes from the start of
/// the line. Text no span covers is plain.
typedef struct csh_span {
    uint32_t start;
    uint32_t length;
    uint8_t token_class;
} csh_span;

/// One document's highlighting: the language's rules (loaded once per process and shared by every
/// highlighter) and where the previous line left off (inside a comment, a string...). Used by one
/// thread at a time; highlighters of the same or different languages run in parallel.
typedef struct csh_highlighter csh_highlighter;

/// Source-highlight's own folder of language definitions (`/usr/share/source-highlight` on Debian).
/// The string lives as long as the process.
const char *csh_data_directory(void);

/// A highlighter for the language definition `file` (e.g. "cpp.lang") in `directory`, at the start
/// of a document. The definition is read once per process and kept; a definition that fails to
/// load fails every time without being read again. NULL when it cannot be loaded, with the reason
/// in `error` (cut to `error_capacity` bytes, always terminated) when `error` is not NULL.
csh_highlighter *csh_highlighter_create(const char *directory, const char *file, char *error, size_t error_capacity);

void csh_highlighter_destroy(csh_highlighter *highlighter);

/// What `csh_highlighter_line` did with a line.
enum {
    /// The line's spans are in `*spans`.
    CSH_LINE_HIGHLIGHTED = 0,
    /// Matching failed (boost::regex's complexity limit, memory, any C++ exception): no spans, and
    /// the highlighter is back at the start of the language, as at the start of a document.
    CSH_LINE_FAILED = 1,
};

/// Highlights one line (`length` bytes, without its line break) from where the previous line left
/// off. `*spans` and `*count` receive the line's classed spans in order, neighbours of the same
/// class merged; they stay valid until the next call on this highlighter.
int csh_highlighter_line(csh_highlighter *highlighter, const char *bytes, size_t length, const csh_span **spans, size_t *count);

#ifdef __cplusplus
}
#endif

#endif
