// Phases B and C of the `dump` section (decision K-4): the allowed values of each key and the
// rules between keys, in CANN's order, written once over a view of the section. The core's
// validator runs them on the parsed file (a view over simdjson values), Config::validate_static()
// on the typed config in a constant expression (a view over acl::Dump); each finding goes to the
// caller's sink with the rule table's row, so the two report the same rules, pointers, order and
// texts.
//
// A view:
//   view.text(DumpKey)          std::optional of a string (a std::string or std::string_view):
//                               a string member as the runtime reads it, nullopt when absent or
//                               not a string
//   view.forEachText(DumpKey, f)  f(text, index) for each string of an array member
//   view.present(DumpKey)       whether the member is given
//   view.size(DumpKey)          the elements of an array member, 0 when absent
//   view.empty()                true when the section has no member (only releases before
//                               9.1.0 check an empty dump, B-9)
//   view.forEachItem(f)         f(item, index) for each dump_list item, where an item has
//                               text(ItemKey), present(ItemKey), size(ItemKey) as above and
//                               forEachRange(f): f(range, index) for each opname_range entry,
//                               which has text(RangeKey)
// Phase C reads only a section whose types (phase A) and values (phase B) are right.
// A sink:
//   sink.fail(place, rule, arguments[, suggestion])  a finding of the rule table's `rule`; a
//                               wrong value comes with the allowed ones (Suggestion), for a
//                               sink that suggests the closest; the sink defaults the last
//                               parameter, as most rules pass none
//   sink.localPath(place, path)         a local dump_path that passed the text rules: the
//                                       file-system checks are the caller's (run time only)
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include <aclpp/json/text.hpp>
#include <aclpp/schema/dump.hpp>
#include <aclpp/schema/rule_table.hpp>
#include <aclpp/std_constexpr.hpp>
#include <aclpp/text/shown_text.hpp>

namespace aclpp::schema::dump_rules {

/// Where a value of `dump` sits, as a chain of frames on the stack: the JSON pointer and the
/// name a message gives it are built only for a finding, so a long dump_list allocates nothing.
struct Place {
    const Place *parent = nullptr;
    std::string_view key;
    std::size_t index = 0;
    bool isIndex = false;
    // Frames above this one; 0 for the section. The walks test it rather than compare `parent`
    // with nullptr: with the sanitizers, GCC does not treat a global's address as non-null in a
    // constant expression, and the section's frame is a global.
    std::size_t depth = 0;

    [[nodiscard]] constexpr Place child(std::string_view token) const noexcept {
        return {this, token, 0, false, depth + 1};
    }
    [[nodiscard]] constexpr Place at(std::size_t position) const noexcept {
        return {this, {}, position, true, depth + 1};
    }

    /// "/dump/dump_list/2/layer"
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::string pointer() const {
        std::string out;
        appendPointer(out);
        return out;
    }
    /// "dump_list[2].layer": how messages name the value, relative to `dump`.
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::string name() const {
        std::string out;
        if (depth > 0)
            appendName(out);
        else
            out = key;
        return out;
    }

private:
    // Appending to one string, rather than returning the parent's, keeps GCC 12's constant
    // evaluation of std::string correct.
    ACLPP_CONSTEXPR_STD void appendPointer(std::string &out) const {
        if (depth > 0) parent->appendPointer(out);
        if (isIndex) {
            out += '/';
            out += json::uint_text(index);
        } else {
            json::append_pointer_token(out, key);
        }
    }
    ACLPP_CONSTEXPR_STD void appendName(std::string &out) const {
        if (depth > 1) parent->appendName(out);
        if (isIndex) {
            out += '[';
            out += json::uint_text(index);
            out += ']';
        } else {
            if (!out.empty()) out += '.';
            out += key;
        }
    }
};

/// The section itself: its members are its children.
inline constexpr Place kDumpPlace{nullptr, "dump", 0, false, 0};

// The values phase C compares with, by what they mean.
inline constexpr std::string_view kSwitchOn = kSwitchValues[0];
inline constexpr std::string_view kWatcherScene = kSceneValues[4];
inline constexpr std::string_view kOutputMode = kModeValues[1];
inline constexpr std::string_view kOpLevel = kLevelValues[0];
inline constexpr std::string_view kTensorData = kDataValues[0];
static_assert(kSwitchOn == "on" && kWatcherScene == "watcher" && kOutputMode == "output" && kOpLevel == "op" &&
              kTensorData == "tensor");

[[nodiscard]] constexpr bool isExceptionScene(std::string_view scene) noexcept {
    for (const std::string_view value : kExceptionSceneValues) {
        if (value == scene) return true;
    }
    return false;
}

/// What can be wrong with a non-empty dump_path: the text rules below, then what the core finds
/// on disk for a local path.
enum class DumpPathProblem : uint8_t {
    none,
    tooLong,        // more than kMaxDumpPathLength bytes
    remoteEmpty,    // "a.b.c.d:" with nothing after the colon
    remoteBadChar,  // a character after the colon outside the allowed set
    notFound,       // a local path that realpath cannot resolve
    notDirectory,   // a local path that is not a directory
    noAccess,       // a local directory that is not readable and writable
};

struct DumpPathCheck {
    DumpPathProblem problem = DumpPathProblem::none;
    bool remote = false;     // the IPv4 form "a.b.c.d:<path>": nothing is checked on disk
    std::size_t offset = 0;  // remoteBadChar: byte offset of the first bad character
    int error = 0;           // notFound, noAccess: errno of the failing call
};

/// The text rules of a non-empty dump_path (K-4, with the fix of the IPv4 form). Anything that
/// is not "<plain IPv4>:" before the first colon is a local path, so a local directory whose
/// name holds a colon stays usable.
[[nodiscard]] constexpr DumpPathCheck checkDumpPathText(std::string_view path) noexcept {
    DumpPathCheck check;
    if (path.size() > kMaxDumpPathLength) {
        check.problem = DumpPathProblem::tooLong;
        return check;
    }
    const std::size_t colon = path.find(':');
    if (colon == std::string_view::npos || !isPlainIpv4(path.substr(0, colon))) return check;
    check.remote = true;
    if (colon + 1 == path.size()) {
        check.problem = DumpPathProblem::remoteEmpty;
        return check;
    }
    for (std::size_t i = colon + 1; i < path.size(); ++i) {
        if (!isRemoteDumpPathChar(path[i])) {
            check.problem = DumpPathProblem::remoteBadChar;
            check.offset = i;
            return check;
        }
    }
    return check;
}

/// A wrong value and the values allowed in its place.
struct Suggestion {
    std::string_view value;
    ValueList allowed;
};

namespace constraints {

using rules::Rule;

/// The text of an optional string member, or `fallback` when it is absent.
template <class Text>
[[nodiscard]] constexpr std::string_view textOr(const std::optional<Text> &value, std::string_view fallback) noexcept {
    return value ? std::string_view(*value) : fallback;
}
/// A temporary's text would dangle: keep the optional in a named local first.
template <class Text>
std::string_view textOr(const std::optional<Text> &&, std::string_view) = delete;

// ---- phase B ----

template <class Sink>
ACLPP_CONSTEXPR_STD void checkValue(std::string_view value, const Place &at, ValueList allowed, Rule rule, Sink &sink) {
    if (allowed.contains(value)) return;
    if (value.empty()) {
        sink.fail(at, Rule::dump_enum_empty, {{"name", at.name()}, {"allowed", rules::joinedText(allowed)}}, {});
        return;
    }
    sink.fail(at, rule,
              {{"name", at.name()}, {"value", text::quotedText(value)}, {"allowed", rules::joinedText(allowed)}},
              {value, allowed});
}

/// A comma list without trimming: "all, printf" and "all," are errors; the first wrong item is.
template <class Sink>
ACLPP_CONSTEXPR_STD void checkKernelData(std::string_view value, Sink &sink) {
    const ValueList allowed = kKeyRows[kKernelData].values;
    std::size_t start = 0;
    for (std::size_t index = 0;; ++index) {
        const std::size_t comma = value.find(',', start);
        const std::string_view item =
            value.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        if (item.empty() || !allowed.contains(item)) {
            // string_view arms: a ?: of two std::string breaks GCC 12's constant evaluation.
            const Rule rule = item.empty() ? Rule::dump_kernel_data_empty : Rule::dump_kernel_data_value;
            sink.fail(kDumpPlace.child(kDumpKeys[kKernelData]), rule,
                      {{"value", text::quotedText(value)},
                       {"index", json::uint_text(index)},
                       {"item", item.empty() ? std::string_view("empty") : std::string_view(text::quotedText(item))},
                       {"allowed", rules::joinedText(allowed)}},
                      {item, item.empty() ? ValueList{} : allowed});
            return;
        }
        if (comma == std::string_view::npos) return;
        start = comma + 1;
    }
}

// ---- phase C ----

/// What a dump_list item's rules read of the section.
struct ListRules {
    std::string_view level;
    bool levelGiven;
    std::string_view scene;
    bool switchOff;
    bool watcher;
};

template <class Sink>
ACLPP_CONSTEXPR_STD void conflict(Sink &sink, const Place &at, std::string_view value, Rule rule,
                                  std::string_view scene = {}) {
    sink.fail(at, rule, {{"name", at.name()}, {"value", text::quotedText(value)}, {"scene", scene}});
}

template <class Sink>
ACLPP_CONSTEXPR_STD void requireLevelOp(Sink &sink, const Place &at, Rule rule, const ListRules &list) {
    sink.fail(at, rule, {{"name", at.name()}, {"level", rules::givenOrDefaultText(list.level, list.levelGiven)}});
}

template <class View, class Sink>
ACLPP_CONSTEXPR_STD void checkPath(const View &view, Sink &sink) {
    const Place at = kDumpPlace.child(kDumpKeys[kPath]);
    const auto given = view.text(kPath);
    if (!given) {
        const std::string_view emptyDump =
            view.empty() ? "; CANN releases before 9.1.0 require it in an empty dump too (B-9)" : "";
        sink.fail(at, Rule::dump_path_missing,
                  {{"scenes", rules::joinedText(kExceptionSceneValues)}, {"releases", emptyDump}});
        return;
    }
    const std::string_view path = *given;
    if (path.empty()) {
        sink.fail(at, Rule::dump_path_empty, {});
        return;
    }
    const DumpPathCheck check = checkDumpPathText(path);
    switch (check.problem) {
        case DumpPathProblem::tooLong:
            return sink.fail(at, Rule::dump_path_too_long,
                             {{"value", text::quotedText(path)}, {"problem", rules::pathLengthText(path.size())}});
        case DumpPathProblem::remoteEmpty:
            return sink.fail(at, Rule::dump_path_remote_empty,
                             {{"value", text::quotedText(path)}, {"problem", rules::kRemoteEmptyText}});
        case DumpPathProblem::remoteBadChar:
            return sink.fail(
                at, Rule::dump_path_remote_bad_char,
                {{"value", text::quotedText(path)}, {"problem", rules::remoteBadCharText(path, check.offset)}});
        default:
            if (!check.remote) sink.localPath(at, path);
    }
}

template <class View, class Sink>
ACLPP_CONSTEXPR_STD void checkStep(const View &view, Sink &sink) {
    const auto given = view.text(kStep);
    const std::string_view step = textOr(given, {});
    if (step.empty()) return;
    const StepCheck check = checkDumpStep(step);
    if (check.issue == StepIssue::none) return;
    sink.fail(kDumpPlace.child(kDumpKeys[kStep]), Rule::dump_step_syntax,
              {{"value", text::quotedText(step)}, {"issue", rules::stepIssueText(check)}});
}

template <class Item, class Sink>
ACLPP_CONSTEXPR_STD void checkRanges(const Item &item, const Place &at, bool modelMissingUnreported, Sink &sink,
                                     const ListRules &list) {
    const Place rangesAt = at.child(kItemKeys[kOpnameRange]);
    const Place modelAt = at.child(kItemKeys[kModelName]);
    if (list.level != kOpLevel) requireLevelOp(sink, rangesAt, Rule::opname_range_needs_level_op, list);
    if (modelMissingUnreported) {
        sink.fail(modelAt, Rule::opname_range_needs_model_name,
                  {{"name", modelAt.name()}, {"state", item.present(kModelName) ? "empty (\"\")" : "missing"}});
    }
    item.forEachRange([&](const auto &range, std::size_t index) {
        const auto begin = range.text(kBegin);
        const auto end = range.text(kEnd);
        if (!textOr(begin, {}).empty() && !textOr(end, {}).empty()) return;
        const auto shown = [](const auto &bound) {
            std::string out("missing");
            if (bound) out = text::quotedText(*bound);
            return out;
        };
        const Place entryAt = rangesAt.at(index);
        sink.fail(entryAt, Rule::opname_range_bound_empty,
                  {{"name", entryAt.name()}, {"begin", shown(begin)}, {"end", shown(end)}});
    });
}

template <class Item, class Sink>
ACLPP_CONSTEXPR_STD void checkListItem(const Item &item, const Place &at, Sink &sink, const ListRules &list) {
    const auto child = [&](ItemKey key) { return at.child(kItemKeys[key]); };
    const auto givenModel = item.text(kModelName);
    const std::string_view model = textOr(givenModel, {});
    bool modelReported = false;
    if (list.switchOff) {
        if (givenModel && model.empty()) {
            modelReported = true;
            sink.fail(child(kModelName), Rule::list_model_name_empty, {{"name", child(kModelName).name()}});
        }
        if (item.present(kLayer) && item.size(kLayer) == 0) {
            sink.fail(child(kLayer), Rule::list_layer_empty, {{"name", child(kLayer).name()}});
        }
    }
    const Place nodesAt = child(kWatcherNodes);
    if (list.watcher) {
        if (!item.present(kWatcherNodes)) {
            sink.fail(nodesAt, Rule::watcher_nodes_missing, {{"name", nodesAt.name()}});
        } else if (item.size(kWatcherNodes) == 0) {
            sink.fail(nodesAt, Rule::watcher_nodes_empty, {{"name", nodesAt.name()}});
        }
        if (givenModel && !modelReported) conflict(sink, child(kModelName), model, Rule::watcher_model_name_set);
    } else if (item.size(kWatcherNodes) > 0) {
        sink.fail(nodesAt, Rule::watcher_nodes_without_watcher,
                  {{"name", nodesAt.name()},
                   {"value", text::arrayText(item.size(kWatcherNodes))},
                   {"scene", list.scene.empty() ? std::string_view("not set")
                                                : std::string_view(text::quotedText(list.scene))}});
    }
    for (const ItemKey key : {kOptypeBlacklist, kOpnameBlacklist}) {
        if (item.size(key) > kMaxBlacklistEntries) {
            sink.fail(child(key), Rule::blacklist_too_long,
                      {{"name", child(key).name()}, {"count", json::uint_text(item.size(key))}});
        }
    }
    for (const ItemKey key : {kOptypeBlacklist, kOpnameBlacklist}) {
        if (item.size(key) > 0 && list.level != kOpLevel)
            requireLevelOp(sink, child(key), Rule::blacklist_needs_level_op, list);
    }
    if (item.size(kOpnameRange) > 0) {
        const bool modelMissingUnreported = !givenModel || (model.empty() && !modelReported);
        checkRanges(item, at, modelMissingUnreported, sink, list);
    }
}

template <class View, class Sink>
ACLPP_CONSTEXPR_STD void checkStats(const View &view, Sink &sink) {
    const Place at = kDumpPlace.child(kDumpKeys[kStats]);
    if (view.size(kStats) == 0) {
        sink.fail(at, Rule::dump_stats_empty, {{"allowed", rules::joinedText(kStatsValues)}});
        return;
    }
    const auto given = view.text(kData);
    const std::string_view data = textOr(given, kDefaultData);
    if (data == kTensorData) {
        sink.fail(at, Rule::dump_stats_need_data_stats,
                  {{"data", rules::givenOrDefaultText(data, view.present(kData))}});
    }
}

}  // namespace constraints

/// Phase B: each enumeration in the order of DCC CheckDumpFieldValues (KeyRow::phaseB), then
/// dump_kernel_data's items and dump_stats' values. Strings only: a value of the wrong type is
/// phase A's finding.
template <class View, class Sink>
ACLPP_CONSTEXPR_STD void checkDumpValues(const View &view, Sink &sink) {
    for (const DumpKey key : kPhaseBKeys) {
        const auto given = view.text(key);
        if (given) {
            constraints::checkValue(*given, kDumpPlace.child(kDumpKeys[key]), kKeyRows[key].values,
                                    rules::Rule::dump_enum_value, sink);
        }
    }
    const auto kernelData = view.text(kKernelData);
    if (kernelData) constraints::checkKernelData(*kernelData, sink);
    const Place stats = kDumpPlace.child(kDumpKeys[kStats]);
    view.forEachText(kStats, [&](std::string_view value, std::size_t index) {
        constraints::checkValue(value, stats.at(index), kKeyRows[kStats].values, rules::Rule::dump_stats_value, sink);
    });
}

/// Phase C on a section whose types and values are right, in CANN's order: the scene's rules,
/// then dump_path, the overflow dump's, dump_step, each dump_list item, dump_stats.
template <class View, class Sink>
ACLPP_CONSTEXPR_STD void checkDumpConstraints(const View &view, Sink &sink) {
    using constraints::conflict;
    using constraints::textOr;
    using rules::Rule;
    const auto member = [](DumpKey key) { return kDumpPlace.child(kDumpKeys[key]); };
    const auto givenScene = view.text(kScene);
    const auto givenDebug = view.text(kDebug);
    const auto givenSwitch = view.text(kOpSwitch);
    const std::string_view scene = textOr(givenScene, {});
    const std::string_view debug = textOr(givenDebug, kDefaultSwitch);
    const std::string_view opSwitch = textOr(givenSwitch, kDefaultSwitch);
    if (scene == kWatcherScene) {
        if (debug == kSwitchOn) conflict(sink, member(kDebug), debug, Rule::watcher_debug_on);
        if (opSwitch == kSwitchOn) conflict(sink, member(kOpSwitch), opSwitch, Rule::watcher_op_switch_on);
        const auto givenMode = view.text(kMode);
        const std::string_view mode = textOr(givenMode, kDefaultMode);
        if (mode != kOutputMode) conflict(sink, member(kMode), mode, Rule::watcher_mode_not_output);
    }
    if (isExceptionScene(scene)) {
        const std::string shown = text::quotedText(scene);
        if (debug == kSwitchOn) conflict(sink, member(kDebug), debug, Rule::exception_scene_debug_on, shown);
        if (opSwitch == kSwitchOn)
            conflict(sink, member(kOpSwitch), opSwitch, Rule::exception_scene_op_switch_on, shown);
        return;  // exception scenes need no dump_path and skip every later rule
    }
    constraints::checkPath(view, sink);
    if (debug == kSwitchOn) {
        if (opSwitch == kSwitchOn) conflict(sink, member(kOpSwitch), opSwitch, Rule::overflow_op_switch_on);
        return;  // the overflow dump ignores dump_step, dump_list and dump_stats
    }
    constraints::checkStep(view, sink);
    if (view.size(kList) > 0) {
        const auto givenLevel = view.text(kLevel);
        const constraints::ListRules list{textOr(givenLevel, kDefaultLevel), givenLevel.has_value(), scene,
                                          opSwitch != kSwitchOn, scene == kWatcherScene};
        const Place listAt = member(kList);
        view.forEachItem([&](const auto &item, std::size_t index) {
            constraints::checkListItem(item, listAt.at(index), sink, list);
        });
    }
    if (view.present(kStats)) constraints::checkStats(view, sink);
}

}  // namespace aclpp::schema::dump_rules
