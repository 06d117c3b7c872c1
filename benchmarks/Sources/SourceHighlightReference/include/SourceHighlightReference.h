#ifndef SOURCE_HIGHLIGHT_REFERENCE_H
#define SOURCE_HIGHLIGHT_REFERENCE_H

// The highlighter benchmark's reference (issue 49): GNU Source-highlight's own line loop.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Seconds the library's own loop (`srchilite::SourceHighlighter::highlightParagraph`, every
/// element's text handed to a formatter that drops it) takes over `text`'s lines, with the
/// definition `file` in `directory` parsed beforehand; a line it throws on starts the language
/// over, as ours does. -1 when the definition does not load.
double shr_library_loop_seconds(const char *directory, const char *file, const char *text, size_t length);

#ifdef __cplusplus
}
#endif

#endif
