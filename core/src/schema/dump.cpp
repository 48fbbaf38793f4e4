// The `dump` section (decision K-4): CANN's phases A (types), B (enumerations) and C
// (constraints) in the reference's order, then the outcome with the path precedence
// of K-6. The first error appended is the one the reference reports, so aclInit's code and
// pointer match it; the validation API still gets every independent finding.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "aclpp/schema/dump.hpp"
#include "aclpp/schema/dump_checks.hpp"
#include "aclpp/schema/rule_table.hpp"
#include "schema/context.hpp"
#include "schema/dump_path.hpp"
#include "text/user_text.hpp"

namespace aclpp::core {
namespace {

using namespace std::string_view_literals;

// The tables (keys, allowed values, limits) and the step rule are the schema's
// (aclpp/schema/dump.hpp).
using namespace schema::dump_rules;
using schema::rules::joinedText;
using schema::rules::Rule;

// ---- Small helpers (the string-building ones run only for a finding) -------------------------

std::string didYouMean(std::string_view value, std::span<const std::string_view> candidates) {
    const std::vector<std::string_view> list(candidates.begin(), candidates.end());
    const std::string_view match = closestMatch(value, list);
    return match.empty() ? std::string{} : "did you mean \"" + std::string(match) + "\"?";
}

// "12345 (a number)", "an array of 2 elements": what a type error found.
std::string found(JsonElement value) {
    const JsonType type = value.type();
    if (type == JsonType::OBJECT || type == JsonType::ARRAY) return describeValue(value);
    return describeValue(value) + " (" + std::string(describeType(value)) + ")";
}

std::string_view stringOf(JsonElement value) noexcept {
    std::string_view text;
    return value.get_string().get(text) == simdjson::SUCCESS ? text : std::string_view{};
}

std::size_t arraySize(JsonElement value) noexcept {
    JsonArray array;
    return value.get_array().get(array) == simdjson::SUCCESS ? array.size() : 0;
}

// Where a value sits: the schema's chain of stack frames (pointer text built only for a finding).
using Location = schema::dump_rules::Place;

/// The members of an object that a rule knows, found in one pass; with duplicate keys the last
/// wins (F-5), as findMember does. Unknown keys go to `onUnknown`.
template <std::size_t N>
struct Members {
    std::array<JsonElement, N> value{};
    std::array<bool, N> present{};
};

template <std::size_t N, class OnUnknown>
Members<N> scanMembers(JsonObject object, const std::array<std::string_view, N> &keys, OnUnknown &&onUnknown) {
    Members<N> members;
    for (const auto field : object) {
        std::size_t k = 0;
        while (k < N && keys[k] != field.key) ++k;
        if (k < N) {
            members.value[k] = field.value;
            members.present[k] = true;
        } else {
            onUnknown(field.key);
        }
    }
    return members;
}

constexpr auto kIgnoreUnknown = [](std::string_view) noexcept {};

std::vector<std::string> splitKernelData(std::string_view text) {
    std::vector<std::string> types;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        types.emplace_back(
            text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return types;
}

/// The message id of a wrong JSON type in dump: EP0004 before 9.1.0, EP0001 from it (B-9); the
/// code is 100009 in both.
std::string_view typeErrorId(schema::cann::Release release) noexcept {
    return schema::cann::hasChange(release, schema::cann::Change::dumpTypeErrorsAreEp0001) ? "EP0001" : "EP0004";
}

// ---- The validator --------------------------------------------------------------------------

class DumpValidator {
public:
    DumpValidator(ValidationContext &ctx, JsonObject dump) noexcept : ctx_(ctx), dump_(dump) {}

    /// Phases A, B and C; true when the section is valid.
    bool validate() {
        members_ = scanMembers(dump_, kDumpKeys, [this](std::string_view key) {
            warnUnknown(schema::dump_rules::kDumpPlace, key, kDumpKeys, "dump");
        });
        checkTypes();
        Findings findings{*this};
        schema::dump_rules::checkDumpValues(view(), findings);
        // Phase C rules read the values as strings and arrays; the reference never reaches them
        // after a type or value error either.
        if (errors_ != 0) return false;
        schema::dump_rules::checkDumpConstraints(view(), findings);
        if (errors_ != 0) return false;
        checkProduct();
        if (errors_ == 0) warnMissingDumpKinds();
        return errors_ == 0;
    }

    /// The outcome of a valid section, with the env precedence of K-6.
    void fillOutcome(DumpEnvironment &environment) {
        DumpOutcome &out = ctx_.effective.dump;
        fillValues(out);
        out.kind = kindOf(out);
        if (!ctx_.product.traits->debugDumps && (out.kind != DumpKind::operatorDump || out.watcher)) {
            out.kind = DumpKind::none;  // K-2: warned about, not applied
            return;
        }
        fillPath(out, environment);
        if (!ctx_.product.traits->debugDumps) return;  // no kernel-data dump either
        if (members_.present[kKernelData]) {
            out.kernelDataTypes = splitKernelData(text(kKernelData, {}));
        } else if (out.kind == DumpKind::operatorDump) {
            out.kernelDataTypes.emplace_back("all");  // the operator dump's default kernel-DFX type
        }
    }

    /// dump_path as given, when it is given (kernel DFX uses it, K-6).
    [[nodiscard]] std::optional<std::string_view> configPath() const noexcept {
        return members_.present[kPath] ? std::optional<std::string_view>(text(kPath, {})) : std::nullopt;
    }

private:
    void fillValues(DumpOutcome &out) const {
        out.present = true;
        out.scene = std::string(text(kScene, {}));
        out.mode = std::string(text(kMode, kDefaultMode));
        out.data = std::string(text(kData, kDefaultData));
        out.opSwitch = text(kOpSwitch, kDefaultSwitch) == "on"sv;
        out.debug = text(kDebug, kDefaultSwitch) == "on"sv;
        out.watcher = out.scene == "watcher"sv;
        out.step = std::string(text(kStep, {}));
        const std::string_view level = text(kLevel, kDefaultLevel);
        for (const LevelBits &entry : kLevelBits) {
            if (entry.level == level) out.levelBits = entry.bits;
        }
        JsonArray stats;
        if (members_.present[kStats] && members_.value[kStats].get_array().get(stats) == simdjson::SUCCESS) {
            out.stats.reserve(stats.size());
            for (const JsonElement stat : stats) out.stats.emplace_back(stringOf(stat));
        }
        out.listItems = members_.present[kList] ? arraySize(members_.value[kList]) : 0;
        out.layerCount = layerCount_;
        for (const KeyRow &row : kKeyRows) {
            if (isStringKind(row.kind) && !hasOutcomeMember(row.key)) {
                out.otherKeys.emplace_back(row.name, text(row.key, row.defaultValue));
            }
        }
    }

    // A dump is active iff the list is non-empty, the op switch or debug is on, or a scene is
    // set; the scene decides the type, then debug, as in CANN. The watcher is an operator dump.
    [[nodiscard]] static DumpKind kindOf(const DumpOutcome &out) noexcept {
        if (out.listItems == 0 && !out.opSwitch && !out.debug && out.scene.empty()) return DumpKind::none;
        if (const DumpKind exception = exceptionKindOf(out.scene); exception != DumpKind::none) return exception;
        return out.debug ? DumpKind::overflow : DumpKind::operatorDump;
    }

    void fillPath(DumpOutcome &out, DumpEnvironment &environment) {
        const std::optional<std::string_view> path = configPath();
        if (exceptionKindOf(out.scene) != DumpKind::none) {
            out.path = exceptionDumpPath(environment, path ? &*path : nullptr);
            if (out.path.source == Source::config) warnUncheckedExceptionPath(*path);
        } else if (path) {
            // K-6: operator, overflow and watcher dumps ignore the environment.
            out.path.set(std::string(*path), Source::config, "/dump/dump_path");
        }
    }

    // ---- findings ----

    void error(const Location &at, std::string message, std::string hint = {}) {
        ++errors_;
        ctx_.report.error(ACLPP_STEP_DUMP, ACL_ERROR_INVALID_DUMP_CONFIG, at.pointer(), std::move(message),
                          std::move(hint));
    }

    void typeError(const Location &at, JsonElement value, std::string_view expected) {
        error(at, std::string(typeErrorId(ctx_.release)) + ": " + at.name() + " is " + found(value) + "; it must be " +
                      std::string(expected));
    }

    void memberTypeError(const Location &at, JsonElement value, const Location &array, std::string_view expected) {
        error(at, std::string(typeErrorId(ctx_.release)) + ": " + at.name() + " is " + found(value) +
                      "; every member of " + array.name() + " must be " + std::string(expected));
    }

    template <std::size_t N>
    void warnUnknown(const Location &parent, std::string_view key, const std::array<std::string_view, N> &known,
                     std::string_view where) {
        if (!ctx_.report.keepsWarnings()) return;  // F-6: an init shows none
        ctx_.report.warning(ACLPP_STEP_DUMP, parent.child(key).pointer(),
                            "unknown key " + quotedText(key) + " in " + std::string(where) +
                                " is ignored (K-7); known keys: " + joinedText(known),
                            didYouMean(key, known));
    }

    [[nodiscard]] std::string_view text(DumpKey key, std::string_view fallback) const noexcept {
        return members_.present[key] ? stringOf(members_.value[key]) : fallback;
    }

    [[nodiscard]] Location member(DumpKey key) const noexcept {
        return schema::dump_rules::kDumpPlace.child(kDumpKeys[key]);
    }

    // ---- phase A: types ----

    void checkTypes() {
        for (std::size_t key = 0; key < kStats; ++key) {
            if (members_.present[key] && members_.value[key].type() != JsonType::STRING) {
                typeError(member(static_cast<DumpKey>(key)), members_.value[key], "a string");
            }
        }
        if (members_.present[kStats]) checkStringArray(members_.value[kStats], member(kStats));
        if (members_.present[kList]) checkListTypes(members_.value[kList], member(kList));
    }

    /// Returns the number of members (0 when not an array).
    std::size_t checkStringArray(JsonElement value, const Location &at) {
        JsonArray array;
        if (value.get_array().get(array) != simdjson::SUCCESS) {
            typeError(at, value, "an array of strings");
            return 0;
        }
        std::size_t index = 0;
        for (const JsonElement element : array) {
            if (element.type() != JsonType::STRING) memberTypeError(at.at(index), element, at, "a string");
            ++index;
        }
        return index;
    }

    template <class OnObject>
    void checkObjectArray(JsonElement value, const Location &at, OnObject &&onObject) {
        JsonArray array;
        if (value.get_array().get(array) != simdjson::SUCCESS) {
            typeError(at, value, "an array of objects");
            return;
        }
        std::size_t index = 0;
        for (const JsonElement element : array) {
            const Location elementAt = at.at(index++);
            JsonObject object;
            if (element.get_object().get(object) != simdjson::SUCCESS) {
                memberTypeError(elementAt, element, at, "an object");
                continue;
            }
            onObject(object, elementAt);
        }
    }

    void checkString(JsonElement value, const Location &at) {
        if (value.type() != JsonType::STRING) typeError(at, value, "a string");
    }

    void checkListTypes(JsonElement value, const Location &at) {
        checkObjectArray(value, at, [this](JsonObject item, const Location &itemAt) { checkItemTypes(item, itemAt); });
    }

    void checkItemTypes(JsonObject item, const Location &at) {
        const auto members = scanMembers(
            item, kItemKeys, [&](std::string_view key) { warnUnknown(at, key, kItemKeys, "a dump_list item"); });
        const auto child = [&](ItemKey key) { return at.child(kItemKeys[key]); };
        if (members.present[kModelName]) checkString(members.value[kModelName], child(kModelName));
        if (members.present[kLayer]) layerCount_ += checkStringArray(members.value[kLayer], child(kLayer));
        if (members.present[kWatcherNodes]) checkStringArray(members.value[kWatcherNodes], child(kWatcherNodes));
        for (const ItemKey key : {kOptypeBlacklist, kOpnameBlacklist}) {
            if (!members.present[key]) continue;
            checkObjectArray(members.value[key], child(key), [this](JsonObject entry, const Location &entryAt) {
                checkBlacklistTypes(entry, entryAt);
            });
        }
        if (members.present[kOpnameRange]) {
            checkObjectArray(members.value[kOpnameRange], child(kOpnameRange),
                             [this](JsonObject entry, const Location &entryAt) { checkRangeTypes(entry, entryAt); });
        }
    }

    void checkBlacklistTypes(JsonObject entry, const Location &at) {
        const auto members = scanMembers(entry, kBlacklistKeys, [&](std::string_view key) {
            warnUnknown(at, key, kBlacklistKeys, "a blacklist entry");
        });
        if (members.present[kName]) checkString(members.value[kName], at.child(kBlacklistKeys[kName]));
        if (members.present[kPos]) checkStringArray(members.value[kPos], at.child(kBlacklistKeys[kPos]));
    }

    void checkRangeTypes(JsonObject entry, const Location &at) {
        const auto members = scanMembers(entry, kRangeKeys, [&](std::string_view key) {
            warnUnknown(at, key, kRangeKeys, "an opname_range entry");
        });
        if (members.present[kBegin]) checkString(members.value[kBegin], at.child(kRangeKeys[kBegin]));
        if (members.present[kEnd]) checkString(members.value[kEnd], at.child(kRangeKeys[kEnd]));
    }

    // ---- phases B and C: the schema's (aclpp/schema/dump_checks.hpp) ----

    /// The members of an object (the section, a dump_list item, an opname_range entry) as
    /// phases B and C read them.
    template <std::size_t N>
    struct MembersView {
        Members<N> members;
        [[nodiscard]] std::optional<std::string_view> text(std::size_t key) const noexcept {
            std::string_view value;
            if (!members.present[key] || members.value[key].get_string().get(value) != simdjson::SUCCESS)
                return std::nullopt;
            return value;
        }
        template <class F>
        void forEachText(std::size_t key, F &&f) const {
            JsonArray array;
            if (!members.present[key] || members.value[key].get_array().get(array) != simdjson::SUCCESS) return;
            std::size_t index = 0;
            for (const JsonElement element : array) {
                std::string_view value;
                if (element.get_string().get(value) == simdjson::SUCCESS) f(value, index);
                ++index;
            }
        }
        [[nodiscard]] bool present(std::size_t key) const noexcept { return members.present[key]; }
        [[nodiscard]] std::size_t size(std::size_t key) const noexcept {
            return members.present[key] ? arraySize(members.value[key]) : 0;
        }
    };

    /// Calls f(view of the object, index) for each object of an array member.
    template <std::size_t M, class F>
    static void forEachObject(const MembersView<M> &parent, std::size_t key, F &&f) {
        JsonArray array;
        if (!parent.present(key) || parent.members.value[key].get_array().get(array) != simdjson::SUCCESS) return;
        std::size_t index = 0;
        for (const JsonElement element : array) {
            JsonObject object;
            if (element.get_object().get(object) == simdjson::SUCCESS) f(object, index);
            ++index;
        }
    }

    struct ItemView : MembersView<kItemKeyCount> {
        template <class F>
        void forEachRange(F &&f) const {
            forEachObject(*this, kOpnameRange, [&](JsonObject entry, std::size_t index) {
                f(MembersView<kRangeKeyCount>{scanMembers(entry, kRangeKeys, kIgnoreUnknown)}, index);
            });
        }
    };

    struct SectionView : MembersView<kDumpKeyCount> {
        JsonObject dump;
        [[nodiscard]] bool empty() const noexcept { return dump.size() == 0; }
        template <class F>
        void forEachItem(F &&f) const {
            forEachObject(*this, kList, [&](JsonObject item, std::size_t index) {
                f(ItemView{{scanMembers(item, kItemKeys, kIgnoreUnknown)}}, index);
            });
        }
    };

    [[nodiscard]] SectionView view() const noexcept { return SectionView{{members_}, dump_}; }

    /// Where checkDumpValues and checkDumpConstraints put their findings.
    struct Findings {
        DumpValidator &validator;

        /// A finding of a rule of the schema's table, its message rendered from the row; for a
        /// wrong value, the hint is the closest allowed one.
        void fail(const Location &at, Rule rule, std::initializer_list<schema::rules::Argument> arguments,
                  schema::dump_rules::Suggestion suggestion = {}) {
            std::string hint = suggestion.allowed.size != 0
                                   ? didYouMean(suggestion.value, {suggestion.allowed.data, suggestion.allowed.size})
                                   : std::string(schema::rules::row(rule).hint);
            validator.error(at, schema::rules::renderMessage(rule, arguments), std::move(hint));
        }
        /// A local dump_path that passed the text rules: it must be a readable and writable
        /// directory.
        void localPath(const Location &at, std::string_view path) {
            const DumpPathCheck check = checkDumpPath(path);
            if (check.problem == DumpPathProblem::none) return;
            validator.error(at,
                            "EP0003: dump_path is " + quotedText(path) + "; " + describeDumpPathProblem(path, check));
        }
    };

private:
    // K-4: a value the product lacks the feature for (the key rows' gates: core-dump mode) is an
    // apply-time failure of the dump module (500000), only after the section validated.
    void checkProduct() {
        checkSingleOpDump();
        // Where no exception dump exists, warnMissingDumpKinds covers every exception scene.
        if (!ctx_.product.traits->debugDumps) return;
        for (const KeyRow &row : kKeyRows) {
            const ValueGate &gate = row.gate;
            if (hasFeature(*ctx_.product.traits, gate.feature) || text(row.key, {}) != gate.value) continue;
            ++errors_;
            ctx_.report.error(ACLPP_STEP_DUMP, ACL_ERROR_INTERNAL_ERROR, member(row.key).pointer(),
                              std::string(row.name) + " is " + quotedText(gate.value) + " (" +
                                  std::string(featureName(gate.feature)) + "), which " + productName() +
                                  " does not support; supported on: " +
                                  familiesWith([&gate](const FamilyTraits &t) { return hasFeature(t, gate.feature); }),
                              std::string(gate.instead));
        }
    }

    // P-4: single-operator dump is an error on a model-dump-only product, after the section
    // validated (as the core-dump rule above).
    void checkSingleOpDump() {
        if (ctx_.product.traits->singleOpDump || text(kOpSwitch, kDefaultSwitch) != "on"sv) return;
        ++errors_;
        ctx_.report.error(
            ACLPP_STEP_DUMP, ACL_ERROR_INVALID_DUMP_CONFIG, member(kOpSwitch).pointer(),
            "dump_op_switch is \"on\" (single-operator dump), which " + productName() + " does not support",
            std::string(ctx_.product.soc) +
                " supports model dump only: set dump_op_switch to \"off\" and name the models in "
                "dump_list");
    }

    // P-4, K-2: the exception, overflow, watcher and kernel-data dumps are features the product
    // lacks: tolerated with a warning and not applied.
    void warnMissingDumpKinds() {
        if (ctx_.product.traits->debugDumps) return;
        const std::string hint = std::string(ctx_.product.soc) + " supports model dump only";
        const std::string_view scene = text(kScene, {});
        if (!scene.empty()) {
            const std::string_view kind = exceptionKindOf(scene) != DumpKind::none ? "exception" : "watcher";
            warnMissing(member(kScene), "dump_scene is " + quotedText(scene) + " (" + std::string(kind) + " dump)",
                        hint);
        }
        if (text(kDebug, kDefaultSwitch) == "on"sv)
            warnMissing(member(kDebug), "dump_debug is \"on\" (overflow dump)", hint);
        if (members_.present[kKernelData]) {
            warnMissing(member(kKernelData),
                        "dump_kernel_data is " + quotedText(text(kKernelData, {})) + " (kernel-data dump)", hint);
        }
    }

    void warnMissing(const Location &at, const std::string &what, const std::string &hint) {
        ctx_.report.warning(ACLPP_STEP_DUMP, at.pointer(),
                            what + ", which " + productName() + " does not support; not applied (K-2)", hint);
    }

    [[nodiscard]] std::string productName() const {
        return std::string(ctx_.product.soc) + " (" + std::string(ctx_.product.traits->name) + ")";
    }

    // The reference never checks dump_path for an exception scene; a path the dumper cannot
    // write to is worth a warning (it does not change the result).
    void warnUncheckedExceptionPath(std::string_view path) {
        if (path.empty()) return;
        const DumpPathCheck check = checkDumpPath(path);
        if (check.problem == DumpPathProblem::none) return;
        ctx_.report.warning(ACLPP_STEP_DUMP, member(kPath).pointer(),
                            "dump_path is " + quotedText(path) + "; " + describeDumpPathProblem(path, check) +
                                "; exception scenes do not check it, so the exception dump may not be written");
    }

    ValidationContext &ctx_;
    JsonObject dump_;
    Members<kDumpKeyCount> members_{};
    std::size_t errors_ = 0;
    std::size_t layerCount_ = 0;
};

std::string_view kindName(DumpKind kind) noexcept {
    switch (kind) {
        case DumpKind::exceptionBrief:
            return "brief exception dump";
        case DumpKind::exceptionNorm:
            return "normal exception dump";
        case DumpKind::exceptionCore:
            return "core-dump exception dump";
        default:
            return "dump";
    }
}

bool isException(DumpKind kind) noexcept {
    return kind == DumpKind::exceptionBrief || kind == DumpKind::exceptionNorm || kind == DumpKind::exceptionCore;
}

// K-4: the environment may switch on an exception dump at every init, unless
// acl.json already enables one (K-4: the config's own exception scene wins).
void applyEnvOnlyExceptionDump(DumpOutcome &out, DumpEnvironment &environment, const Product &product, Report &report) {
    if (isException(out.kind)) {
        const std::string_view envScene = environment.dumpScene();
        if (!envScene.empty()) {
            report.note(ACLPP_STEP_DUMP, "/dump/dump_scene",
                        "ASCEND_DUMP_SCENE is \"" + std::string(envScene) + "\" but acl.json's dump_scene \"" +
                            out.scene + "\" decides the exception dump");
        }
        return;
    }
    const std::optional<EnvExceptionDump> env = envOnlyExceptionDump(environment, product, report);
    if (!env) return;
    const std::string what = std::string(env->enabledBy) + " enables the " + std::string(kindName(env->kind)) + " (" +
                             std::string(env->scene) + ") at \"" + env->path.value + "\"";
    if (out.kind == DumpKind::none) {
        out.kind = env->kind;
        out.scene = std::string(env->scene);
        out.path = env->path;
        report.warning(ACLPP_STEP_DUMP, {}, what + "; acl.json enables no dump (K-4)");
    } else {
        // DumpOutcome holds one dump; the acl.json one is recorded, the env one is reported.
        report.warning(ACLPP_STEP_DUMP, {},
                       what + " as well as the acl.json " + std::string(kindName(out.kind)) +
                           " (K-4); the effective configuration shows the acl.json dump");
    }
}

// What the environment adds to acl.json's dump, if any (K-4: at every init; K-6: a missing env
// directory is created then): the env-only exception dump and, a usable env path
// being set first, the kernel-DFX path, which wins over dump_path.
void applyEnvironmentDumps(DumpOutcome &out, DumpEnvironment &environment, const Product &product, Report &report,
                           const std::string_view *configPath) {
    // A product without exception and kernel-data dumps has nothing for the environment to enable.
    if (!product.traits->debugDumps) return;
    applyEnvOnlyExceptionDump(out, environment, product, report);
    out.kernelDataPath = kernelDfxPath(environment, configPath);
    if (out.kernelDataPath.source == Source::environment && out.kernelDataTypes.empty()) {
        out.kernelDataTypes.emplace_back("all");
    }
}

}  // namespace

void validateDump(ValidationContext &ctx) {
    ctx.effective.dump = DumpOutcome{};
    DumpEnvironment environment(ctx.environment, ctx.createMissingDirectories, ctx.report);
    std::optional<std::string_view> configPath;

    // K-4: no `dump` (or a non-object top level) and `dump: {}` are valid and enable nothing;
    // before CANN 9.1.0 an empty dump is checked as any other and lacks dump_path (B-9).
    if (const std::optional<JsonElement> dump = findMember(ctx.document.root(), "dump")) {
        JsonObject object;
        if (dump->get_object().get(object) != simdjson::SUCCESS) {
            ctx.report.error(
                ACLPP_STEP_DUMP, ACL_ERROR_INVALID_DUMP_CONFIG, "/dump",
                std::string(typeErrorId(ctx.release)) + ": dump is " + found(*dump) + "; it must be an object");
            return;
        }
        if (object.size() != 0 || !schema::cann::hasChange(ctx.release, schema::cann::Change::emptyDumpAccepted)) {
            DumpValidator validator(ctx, object);
            // A rejected config leaves no outcome and, above all, creates no env directory.
            if (!validator.validate()) return;
            validator.fillOutcome(environment);
            configPath = validator.configPath();
        }
    }

    applyEnvironmentDumps(ctx.effective.dump, environment, ctx.product, ctx.report,
                          configPath ? &*configPath : nullptr);
}

void validateEnvironmentDumps(const Product &product, const EnvironmentSnapshot &environment,
                              bool createMissingDirectories, Report &report, EffectiveConfig &effective) {
    effective.dump = DumpOutcome{};
    DumpEnvironment dumpEnvironment(environment, createMissingDirectories, report);
    applyEnvironmentDumps(effective.dump, dumpEnvironment, product, report, nullptr);
}

}  // namespace aclpp::core
