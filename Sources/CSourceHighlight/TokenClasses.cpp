// Source-highlight's element names (see its default.style) onto our small set of classes (issue 49).
#include "Internal.hpp"


#include "CSourceHighlight.h"

namespace {

struct ElementClass {
    const char *element;
    std::uint8_t tokenClass;
};

const ElementClass elementClasses[] = {
    {"keyword", CSH_CLASS_KEYWORD},
    {"type", CSH_CLASS_TYPE},
    {"usertype", CSH_CLASS_TYPE},
    {"classname", CSH_CLASS_TYPE},
    {"selector", CSH_CLASS_TYPE},       // CSS
    {"string", CSH_CLASS_STRING},
    {"regexp", CSH_CLASS_STRING},
    {"specialchar", CSH_CLASS_STRING},  // an escape inside a string
    {"valquote", CSH_CLASS_STRING},     // JSON
    {"value", CSH_CLASS_STRING},        // CSS
    {"url", CSH_CLASS_STRING},
    {"comment", CSH_CLASS_COMMENT},
    {"todo", CSH_CLASS_COMMENT},
    {"number", CSH_CLASS_NUMBER},
    {"preproc", CSH_CLASS_PREPROCESSOR},
    {"function", CSH_CLASS_FUNCTION},
    {"predef_func", CSH_CLASS_FUNCTION},
    {"variable", CSH_CLASS_VARIABLE},
    {"predef_var", CSH_CLASS_VARIABLE},
    {"property", CSH_CLASS_VARIABLE},   // CSS
    {"key", CSH_CLASS_VARIABLE},        // JSON
    {"keyquote", CSH_CLASS_VARIABLE},   // JSON
    {"label", CSH_CLASS_VARIABLE},
    {"symbol", CSH_CLASS_SYMBOL},
    {"cbracket", CSH_CLASS_SYMBOL},
    {"colon", CSH_CLASS_SYMBOL},        // JSON
};

}  // namespace

namespace csh {

std::uint8_t tokenClassOfElement(const std::string &element) {
    for (const auto &entry : elementClasses) {
        if (element == entry.element) return entry.tokenClass;
    }
    return 0;
}

}  // namespace csh
