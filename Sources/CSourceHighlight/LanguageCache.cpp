// Language definitions, parsed once per process by source-highlight and shared by every
// highlighter.
//
// Thread safety (checked against source-highlight 3.1.9's sources): the definition parser (flex and
// bison) keeps global state, so parsing happens under one mutex. A parsed definition is a tree of
// `HighlightState`s and their rules; once loaded, highlighters only read it and the regexes compiled
// here (boost documents concurrent matching on a shared regex as safe). The one write is copying a
// state whose delimiter the text chooses (a Rust raw string's `#`s), which bumps a static counter:
// `LineHighlighter` does that under the same mutex.
#include "Internal.hpp"

#include <exception>
#include <vector>

#include <srchilite/langdefmanager.h>
#include <srchilite/regexrulefactory.h>

namespace {

/// Compiles every state reachable from the main state, and their rules.
void compileStates(csh::LoadedLanguage &language) {
    std::vector<const srchilite::HighlightState *> pending{language.mainState.get()};
    while (!pending.empty()) {
        const srchilite::HighlightState *state = pending.back();
        pending.pop_back();
        if (!state || language.states.count(state)) continue;
        csh::CompiledState &compiled = language.states[state];
        compiled.defaultClass = csh::tokenClassOfElement(state->getDefaultElement());
        for (const auto &rule : state->getRuleList()) {
            auto &slot = language.rules[rule.get()];
            if (!slot) slot = csh::compileRule(*rule);
            compiled.rules.push_back(slot.get());
            pending.push_back(rule->getNextState().get());
        }
    }
}

csh::LoadedLanguage load(const std::string &directory, const std::string &file) {
    static srchilite::RegexRuleFactory ruleFactory;
    csh::LoadedLanguage language;
    try {
        // A manager of our own: `Instances::getLangDefManager()` is a global one we do not need.
        srchilite::LangDefManager manager(&ruleFactory);
        language.mainState = manager.buildHighlightState(directory, file);
        compileStates(language);
    } catch (const std::exception &error) {
        language.error = error.what();
    } catch (...) {
        language.error = "unknown error";
    }
    if (!language.error.empty() || !language.mainState) {
        language.mainState.reset();
        language.states.clear();
        language.rules.clear();
        if (language.error.empty()) language.error = "no definition";
    }
    return language;
}

}  // namespace

namespace csh {

std::mutex &sharedStateMutex() {
    static std::mutex mutex;
    return mutex;
}

std::unique_ptr<CompiledRule> compileRule(const srchilite::HighlightRule &rule) {
    auto compiled = std::make_unique<CompiledRule>();
    compiled->rule = &rule;
    // The same text and flags `RegexHighlightRule` compiles (every rule the regex rule factory
    // makes is one).
    compiled->regex.assign(rule.toString());
    for (const auto &element : rule.getElemList()) compiled->elementClasses.push_back(tokenClassOfElement(element));
    return compiled;
}

const LoadedLanguage &loadLanguage(const std::string &directory, const std::string &file) {
    static std::map<std::string, std::unique_ptr<LoadedLanguage>> languages;
    std::lock_guard<std::mutex> lock(sharedStateMutex());
    auto &slot = languages[directory + "/" + file];
    if (!slot) slot = std::make_unique<LoadedLanguage>(load(directory, file));
    return *slot;
}

}  // namespace csh
