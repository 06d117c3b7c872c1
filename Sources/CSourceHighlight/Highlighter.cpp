// The C interface. No C++ exception leaves these functions (issue 49: a pathological file cannot
// hold a server thread, and Swift cannot catch one).
#include "CSourceHighlight.h"
#include "Internal.hpp"
#include "LineHighlighter.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <string>

#include <srchilite/settings.h>

namespace {

void copyError(const std::string &message, char *error, std::size_t capacity) {
    if (!error || capacity == 0) return;
    const std::size_t length = std::min(message.size(), capacity - 1);
    std::memcpy(error, message.data(), length);
    error[length] = '\0';
}

}  // namespace

struct csh_highlighter {
    explicit csh_highlighter(const csh::LoadedLanguage &language) : lines(language) {}
    csh::LineHighlighter lines;
};

extern "C" const char *csh_data_directory(void) {
    static const std::string *directory = [] {
        try {
            return new std::string(srchilite::Settings::getDefaultDataDir());
        } catch (...) {
            return new std::string("/usr/share/source-highlight");
        }
    }();
    return directory->c_str();
}

extern "C" csh_highlighter *csh_highlighter_create(const char *directory, const char *file, char *error, size_t error_capacity) {
    try {
        if (!directory || !file) {
            copyError("no directory or file", error, error_capacity);
            return nullptr;
        }
        const csh::LoadedLanguage &language = csh::loadLanguage(directory, file);
        if (!language.mainState) {
            copyError(language.error, error, error_capacity);
            return nullptr;
        }
        return new csh_highlighter(language);
    } catch (const std::exception &failure) {
        copyError(failure.what(), error, error_capacity);
    } catch (...) {
        copyError("unknown error", error, error_capacity);
    }
    return nullptr;
}

extern "C" void csh_highlighter_destroy(csh_highlighter *highlighter) {
    delete highlighter;
}

extern "C" int csh_highlighter_line(csh_highlighter *highlighter, const char *bytes, size_t length, const csh_span **spans, size_t *count) {
    if (spans) *spans = nullptr;
    if (count) *count = 0;
    if (!highlighter || (!bytes && length > 0)) return CSH_LINE_FAILED;
    try {
        const char *begin = bytes ? bytes : "";
        highlighter->lines.highlight(begin, begin + length);
        if (spans) *spans = highlighter->lines.spans().data();
        if (count) *count = highlighter->lines.spans().size();
        return CSH_LINE_HIGHLIGHTED;
    } catch (...) {
        // boost::regex throws std::runtime_error when a match goes over its complexity limit; the
        // states may be half-way through a change, so start over.
        try {
            highlighter->lines.restart();
        } catch (...) {
        }
        return CSH_LINE_FAILED;
    }
}
