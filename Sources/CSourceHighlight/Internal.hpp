// What the C interface's implementation files share. C++ only: never included from Swift.
#ifndef C_SOURCE_HIGHLIGHT_INTERNAL_HPP
#define C_SOURCE_HIGHLIGHT_INTERNAL_HPP

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <boost/regex.hpp>
#include <srchilite/highlightrule.h>
#include <srchilite/highlightstate.h>

namespace csh {

/// A rule of a definition, ready to match: its regular expression compiled once more from the
/// rule's own text (source-highlight keeps its copy private), and its elements' classes.
struct CompiledRule {
    const srchilite::HighlightRule *rule;
    boost::regex regex;
    /// One `CSH_CLASS_*` (or 0) per element the rule names, in order.
    std::vector<std::uint8_t> elementClasses;
};

/// A state of a definition: the class of text no rule matches, and its rules in order.
struct CompiledState {
    std::uint8_t defaultClass = 0;
    std::vector<const CompiledRule *> rules;
};

/// A language definition read once and kept for the life of the process; read-only once loaded.
struct LoadedLanguage {
    /// The definition's initial state; null when it failed to load.
    srchilite::HighlightStatePtr mainState;
    /// Why it failed to load (empty when it loaded).
    std::string error;
    /// Every state reachable from `mainState`, compiled.
    std::map<const srchilite::HighlightState *, CompiledState> states;
    /// Every rule of those states, compiled.
    std::map<const srchilite::HighlightRule *, std::unique_ptr<CompiledRule>> rules;
};

/// The definition `file` in `directory`, loaded on first use; never freed.
const LoadedLanguage &loadLanguage(const std::string &directory, const std::string &file);

/// Held while a definition is parsed (the parser keeps global state) and while a state is copied
/// (a copy bumps the plain static counter `HighlightState::global_id`).
std::mutex &sharedStateMutex();

/// `rule` compiled: its regex from its text, its elements' classes.
std::unique_ptr<CompiledRule> compileRule(const srchilite::HighlightRule &rule);

/// The semantic class (a `CSH_CLASS_*`) of a source-highlight element name, 0 for plain text.
std::uint8_t tokenClassOfElement(const std::string &element);

}  // namespace csh

#endif
