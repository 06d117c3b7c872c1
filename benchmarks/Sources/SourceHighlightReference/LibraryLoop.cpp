#include "SourceHighlightReference.h"

#include <chrono>
#include <string>
#include <vector>

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/sourcehighlighter.h>

namespace {

/// Takes each element's text and position, as a formatter that records spans would, and drops it.
class DroppingFormatter : public srchilite::Formatter {
public:
    void format(const std::string &text, const srchilite::FormatterParams *params) override {
        seen += text.size() + static_cast<std::size_t>(params ? params->start : 0);
    }
    std::size_t seen = 0;
};

}  // namespace

extern "C" double shr_library_loop_seconds(const char *directory, const char *file, const char *text, size_t length) {
    try {
        srchilite::RegexRuleFactory factory;
        srchilite::LangDefManager manager(&factory);
        srchilite::HighlightStatePtr main = manager.buildHighlightState(directory, file);
        std::vector<std::string> lines;
        std::string line;
        for (size_t index = 0; index < length; ++index) {
            if (text[index] == '\n') {
                if (!line.empty() && line.back() == '\r') line.pop_back();
                lines.push_back(line);
                line.clear();
            } else {
                line.push_back(text[index]);
            }
        }
        if (!line.empty()) lines.push_back(line);

        srchilite::FormatterPtr formatter(new DroppingFormatter);
        srchilite::FormatterManager formatters(formatter);
        srchilite::FormatterParams params;
        srchilite::SourceHighlighter highlighter(main);
        highlighter.setFormatterManager(&formatters);
        highlighter.setFormatterParams(&params);
        const auto started = std::chrono::steady_clock::now();
        for (const auto &each : lines) {
            try {
                highlighter.highlightParagraph(each);
            } catch (...) {
                highlighter.setCurrentState(main);
                highlighter.clearStateStack();
            }
        }
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    } catch (...) {
        return -1;
    }
}
