// gen-config-reference: writes docs/config-reference.md from the tables the validator itself
// uses (the schema in base/include/aclpp/schema/, devices/limits.hpp and the product table), so
// the reference cannot drift from what
// aclInit and aclppValidate* accept.
//
//     gen-config-reference OUTPUT.md           write the reference
//     gen-config-reference --check FILE.md     exit 1 when FILE.md differs from what would be written
//
// The prose that is not in a table is keyed by the tables' enumerators (switches without a
// default), so a new key or kind fails to compile here until it is documented.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "acl/acl.h"
#include "acl/aclpp_ext.h"
#include "aclpp/schema/dump.hpp"
#include "aclpp/schema/profiler.hpp"
#include "aclpp/schema/top_level.hpp"
#include "devices/limits.hpp"
#include "platform/products.hpp"
#include "schema/profiler_gate.hpp"

namespace {

using namespace aclpp::core;
namespace schema = aclpp::schema;

// ---- Markdown helpers ------------------------------------------------------------------------

/// `text` as inline code that survives a table cell: a backtick needs a longer fence, a pipe an
/// escape, and "" is shown as `""`.
std::string code(std::string_view text) {
    std::string body;
    for (char c : text) {
        if (c == '|') body += '\\';
        body += c;
    }
    if (text.empty()) return "`\"\"`";
    if (text.find('`') != std::string_view::npos) return "`` " + body + " ``";
    return "`" + body + "`";
}

/// Plain text for a table cell.
std::string cell(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

template <class Range>
std::string codeList(const Range &values, std::string_view separator = ", ") {
    std::string out;
    for (std::string_view value : values) {
        if (!out.empty()) out += separator;
        out += code(value);
    }
    return out;
}

std::string errorText(aclError code) {
    return std::to_string(code) + " `" + aclppErrorName(code) + "`";
}

std::string stepText(aclppStep step) {
    const char *name = aclppStepName(step);
    return name != nullptr ? std::string("`") + name + "`" : std::to_string(static_cast<int>(step));
}

std::string bytes(uint64_t value) {
    std::string text = std::to_string(value);
    if (value >= 1024 * 1024 && value % (1024 * 1024) == 0) return text + " (" + std::to_string(value >> 20) + " MiB)";
    if (value >= 1024 && value % 1024 == 0) return text + " (" + std::to_string(value >> 10) + " KiB)";
    return text;
}

std::string yesNo(bool value) {
    return value ? "yes" : "no";
}

// ---- The product families, in product-table order ----------------------------------------------

struct FamilyRow {
    const FamilyTraits *traits;
    std::vector<std::string_view> socs;
};

std::vector<FamilyRow> families() {
    std::vector<FamilyRow> rows;
    for (const Product &product : allProducts()) {
        FamilyRow *row = nullptr;
        for (FamilyRow &existing : rows) {
            if (existing.traits == product.traits) row = &existing;
        }
        if (row == nullptr) row = &rows.emplace_back(FamilyRow{product.traits, {}});
        row->socs.push_back(product.soc);
    }
    return rows;
}

/// "all" or the families whose traits satisfy `has`.
template <class Predicate>
std::string familiesOrAll(Predicate has) {
    if (allProductsHave(has)) return "all";
    const std::string families = familiesWith(has);
    return families.empty() ? "none" : families;
}

// ---- Top-level keys ----------------------------------------------------------------------------

/// What an absent key amounts to, written as the key's value would be.
std::string absentText(const schema::top_level_rules::KeyRule &rule) {
    if (rule.defaultValue == schema::top_level_rules::kNoDefault) return "not set (the runtime keeps its own)";
    const std::string value = std::to_string(rule.defaultValue);
    return code(schema::top_level_rules::isStringRule(rule.rule) ? "\"" + value + "\"" : value);
}

void writeTopLevel(std::ostream &out) {
    out << "## Top-level keys read by the runtime\n\n"
        << "Checked by `aclInit`, `aclppInitFromBuffer` and `aclppValidateFile`/`aclppValidateBuffer` in\n"
        << "this order (the reference's, L-1); the first error of the earliest step is the code `aclInit` returns,\n"
        << "the validation report lists every finding (decisions K-1, K-3, K-8).\n\n"
        << "| Key | Init step | Allowed | Absent | Wrong JSON type | Right type, bad value |\n"
        << "|---|---|---|---|---|---|\n";
    for (const schema::top_level_rules::KeyRule &rule : schema::top_level_rules::kKeyRules) {
        out << "| " << code(rule.pointer) << " | " << stepText(rule.step) << " | " << cell(rule.allowed) << " | "
            << absentText(rule) << " | " << errorText(rule.typeError) << " | " << errorText(rule.valueError) << " |\n";
    }
    out << "\n`max_opqueue_num` is checked only when a config is given (K-3).\n\n"
        << "### Known keys\n\n"
        << "Any other key is accepted and ignored, as the reference does, and the validation report warns\n"
        << "about it with a did-you-mean suggestion (K-7). Init callbacks still receive the whole text.\n"
        << "A top-level `" << schema::top_level_rules::kSchemaKey
        << "` (the JSON Schema an editor checks the file against, `acl-config schema`) is ignored\n"
        << "without a warning.\n\n"
        << "| Object | Known keys |\n|---|---|\n"
        << "| top level | " << codeList(schema::top_level_rules::kTopLevelKeys) << " |\n"
        << "| `StackSize` | " << codeList(schema::top_level_rules::kStackKeys) << " |\n"
        << "| `defaultDevice` | " << codeList(schema::top_level_rules::kDefaultDeviceKeys) << " |\n"
        << "| `acl_graph` | " << codeList(schema::top_level_rules::kAclGraphKeys) << " |\n\n";
}

// ---- Device limits -----------------------------------------------------------------------------

std::string limitBehaviour(const LimitRule &rule) {
    switch (rule.kind) {
        case LimitKind::aicoreStack:
            return "at or below " + bytes(rule.minimum) + " changes nothing; above, rounded up to a multiple of " +
                   bytes(rule.granule) + "; at most the product maximum (below), else not applied, with a warning";
        case LimitKind::simtStack:
            return "rounded up to a multiple of " + bytes(rule.granule) + "; no maximum; both SIMT stacks 0 is refused";
        case LimitKind::printfFifo:
            return "from " + bytes(rule.minimum) + " to " + bytes(rule.maximum) +
                   " as requested, then rounded up to a multiple of " + bytes(rule.granule);
    }
    return {};
}

void writeLimits(std::ostream &out) {
    out << "## Device limits: `StackSize` and the printf FIFOs\n\n"
        << "The config keys and `aclrtDeviceSetLimit`/`aclrtDeviceGetLimit` share these rules (E-3). A key\n"
        << "the product lacks is tolerated with a warning and not applied (K-2); `aclrtDeviceSetLimit` gives\n"
        << "207000 `ACL_ERROR_RT_FEATURE_NOT_SUPPORT` for it, and 107000 `ACL_ERROR_RT_PARAM_INVALID` for a value\n"
        << "out of range. Negative, fractional or above-uint32 values are 500001 `ACL_ERROR_FAILURE`, never\n"
        << "wrapped (K-1). Finalize restores the defaults.\n\n"
        << "| Key | `aclrtDeviceLimit` | What | Default | Rule | Read back | Products |\n"
        << "|---|---|---|---|---|---|---|\n";
    for (const LimitRule &rule : kLimitRules) {
        const std::string products = rule.supported == nullptr
                                         ? std::string("all")
                                         : familiesOrAll([&](const FamilyTraits &t) { return t.*rule.supported; });
        out << "| " << code(rule.config.pointer) << " | " << static_cast<int>(rule.limit) << " | "
            << cell(rule.description) << " | " << bytes(rule.defaultValue) << " | " << cell(limitBehaviour(rule))
            << " | "
            << (rule.readBackFactor == 1 ? std::string("as stored")
                                         : "stored x " + std::to_string(rule.readBackFactor) + " (per warp)")
            << " | " << products << " |\n";
    }
    out << "\n";
}

// ---- Products ----------------------------------------------------------------------------------

void writeProducts(std::ostream &out, const std::vector<FamilyRow> &rows) {
    out << "## Emulated products\n\n"
        << "`ACLPP_SOC` (default `" << defaultProduct().soc << "`) or `aclppSetPlatform()` selects the SoC (E-1);\n"
        << "`acl-config socs` lists them with their core counts.\n\n"
        << "| Family | SoCs | `aicore_stack_size` maximum | AI Core stack applied | SIMT stacks | SIMD printf FIFO | "
           "SIMT printf FIFO | `acl_graph.event_mode` | `dump_scene` `aic_err_detail_dump` |\n"
        << "|---|---|---|---|---|---|---|---|---|\n";
    for (const FamilyRow &row : rows) {
        const FamilyTraits &t = *row.traits;
        out << "| " << t.name << " | " << codeList(row.socs) << " | "
            << (t.aicoreStackMax == 0 ? std::string("none") : bytes(t.aicoreStackMax)) << " | "
            << yesNo(t.aicoreStackApplied) << " | " << yesNo(t.simtStacks) << " | " << yesNo(t.simdPrintfFifo) << " | "
            << yesNo(t.simtPrintfFifo) << " | "
            << (hasFeature(t, schema::ProductGate::eventMode) ? std::string("yes") : "no (207000 when set)") << " | "
            << yesNo(hasFeature(t, schema::ProductGate::coreDump)) << " |\n";
    }
    out << "\n";
    for (const FamilyRow &row : rows) {
        if (row.traits->lifecycle != LifecycleKind::compact) continue;
        out << codeList(row.socs) << ": the " << row.traits->name
            << " (P-1 to P-4). N `aclInit` need N `aclFinalize`, every call returns 0,\n"
            << "each init/finalize pair applies its own config, and `aclFinalizeReference` and the callback\n"
            << "functions give 200001. Model dump only: `dump_op_switch` `on` is "
            << errorText(ACL_ERROR_INVALID_DUMP_CONFIG) << ";\n"
            << "the exception, overflow, watcher and kernel-data dumps, `max_opqueue_num`, `StackSize` and the\n"
            << "printf FIFOs are keys it lacks (a warning, not applied).\n\n";
    }
}

// ---- dump --------------------------------------------------------------------------------------

std::string dumpKeyType(const schema::dump_rules::KeyRow &row) {
    switch (row.kind) {
        case schema::dump_rules::ValueKind::valueArray:
            return "array of strings";
        case schema::dump_rules::ValueKind::models:
            return "array of objects";
        case schema::dump_rules::ValueKind::text:
        case schema::dump_rules::ValueKind::steps:
        case schema::dump_rules::ValueKind::enumeration:
        case schema::dump_rules::ValueKind::onOff:
        case schema::dump_rules::ValueKind::commaList:
            break;
    }
    return "string";
}

std::string dumpKeyAllowed(const schema::dump_rules::KeyRow &row) {
    const std::span<const std::string_view> values{row.values.begin(), row.values.end()};
    switch (row.kind) {
        case schema::dump_rules::ValueKind::enumeration:
        case schema::dump_rules::ValueKind::onOff:
            return codeList(values);
        case schema::dump_rules::ValueKind::text:
            return std::string(row.referenceNote);
        case schema::dump_rules::ValueKind::commaList:
            return "a comma-separated list, without spaces, of " + codeList(values);
        case schema::dump_rules::ValueKind::steps: {
            // The rule is written for messages ("allowed: ..."); the column already says it.
            std::string_view rule = schema::dump_rules::kStepRule;
            if (rule.starts_with("allowed: ")) rule.remove_prefix(std::string_view("allowed: ").size());
            return cell(std::string(rule) + std::string(schema::dump_rules::kStepExample));
        }
        case schema::dump_rules::ValueKind::valueArray:
            return "one or more of " + codeList(values) + std::string(row.referenceNote);
        case schema::dump_rules::ValueKind::models:
            return "model items (below)";
    }
    return {};
}

std::string itemKeyType(schema::dump_rules::ItemKey key) {
    switch (key) {
        case schema::dump_rules::kModelName:
            return "string";
        case schema::dump_rules::kLayer:
        case schema::dump_rules::kWatcherNodes:
            return "array of strings";
        case schema::dump_rules::kOptypeBlacklist:
        case schema::dump_rules::kOpnameBlacklist:
            return "array of objects with " + codeList(schema::dump_rules::kBlacklistKeys) + " (`" +
                   std::string(schema::dump_rules::kBlacklistKeys[schema::dump_rules::kName]) + "` a string, `" +
                   std::string(schema::dump_rules::kBlacklistKeys[schema::dump_rules::kPos]) +
                   "` an array of strings); at most " + std::to_string(schema::dump_rules::kMaxBlacklistEntries) +
                   " entries";
        case schema::dump_rules::kOpnameRange:
            return "array of objects with " + codeList(schema::dump_rules::kRangeKeys) + " (strings)";
        case schema::dump_rules::kItemKeyCount:
            break;
    }
    return {};
}

void writeDump(std::ostream &out) {
    out << "## `dump`\n\n"
        << "Validated as the reference's dump module does (its phases A to C, K-4): types first,\n"
        << "then the allowed values, then the rules between keys. Every rejection is "
        << errorText(ACL_ERROR_INVALID_DUMP_CONFIG) << " at the " << stepText(ACLPP_STEP_DUMP)
        << " step. Unknown keys are warnings (K-7).\n\n"
        << "| Key | JSON type | Allowed |\n|---|---|---|\n";
    for (const schema::dump_rules::KeyRow &row : schema::dump_rules::kKeyRows) {
        out << "| " << code(row.name) << " | " << dumpKeyType(row) << " | " << dumpKeyAllowed(row) << " |\n";
    }
    out << "\n`dump_level` selects the dump bits: ";
    bool first = true;
    for (const schema::dump_rules::LevelBits &entry : schema::dump_rules::kLevelBits) {
        out << (first ? "" : ", ") << code(entry.level) << " = " << entry.bits;
        first = false;
    }
    out << ". The exception-dump scenes are " << codeList(schema::dump_rules::kExceptionSceneValues)
        << "; with one of them `dump_path` may be left out, and `dump_debug` and `dump_op_switch` cannot be "
           "`on`.\n\n"
        << "### A `dump_list` item\n\n| Key | JSON type |\n|---|---|\n";
    for (std::size_t i = 0; i < schema::dump_rules::kItemKeyCount; ++i) {
        out << "| " << code(schema::dump_rules::kItemKeys[i]) << " | "
            << itemKeyType(static_cast<schema::dump_rules::ItemKey>(i)) << " |\n";
    }
    out << "\n";
}

// ---- profiler ----------------------------------------------------------------------------------

std::string quotedList(std::span<const std::string_view> values, std::string_view extra = {}) {
    std::string out;
    for (std::string_view value : values) {
        if (!out.empty()) out += ", ";
        out += code(value);
    }
    if (!extra.empty()) out += " (" + code(extra) + " where the product has task trace L3)";
    return out;
}

std::string profilerAllowed(const schema::profiler_rules::KeyRule &rule) {
    using schema::profiler_rules::Kind;
    const std::span<const std::string_view> values(rule.values.data, rule.values.size);
    switch (rule.kind) {
        case Kind::plainSwitch:
        case Kind::geApi:
        case Kind::taskTime:
        case Kind::llcProfiling:
            return "string: " + quotedList(values, rule.productValue);
        case Kind::frequency:
            return "integer from 1 to " + (rule.maxFrequency != 0 ? std::to_string(rule.maxFrequency)
                                                                  : std::string("the product maximum (below)"));
        case Kind::instrFrequency:
            return "integer; from " + std::to_string(schema::profiler_rules::kInstrProfilingFreqMin) + " to " +
                   std::to_string(schema::profiler_rules::kInstrProfilingFreqMax) +
                   " when `switch` and `instr_profiling` are `on`";
        case Kind::aicMetrics:
            return "string: a metric of the product (below), `" + std::string(schema::profiler_rules::kCustomPrefix) +
                   "<events>` (hex `0x..` or decimal events) or `\"\"` (the product default); at most " +
                   std::to_string(schema::profiler_rules::kMaxAicMetricsLength) + " characters";
        case Kind::memServiceflow:
            return "non-empty string";
        case Kind::hostSys:
        case Kind::hostSysUsage:
            return "string: a comma list of " + quotedList(values);
        case Kind::output: {
            std::string chars;
            for (const schema::profiler_rules::ForbiddenChar &f : schema::profiler_rules::kOutputForbidden) {
                if (!chars.empty()) chars += ' ';
                chars += code(f.shown);
            }
            return "string: a path without " + chars + " (checked when `switch` is `on`)";
        }
        case Kind::storageLimit:
            return "string: `<N>" + std::string(schema::profiler_rules::kStorageLimitUnit) + "` with N from " +
                   std::to_string(schema::profiler_rules::kStorageLimitMinMb) + " to " +
                   std::to_string(schema::profiler_rules::kStorageLimitMaxMb) +
                   ", or `\"\"` (checked when `switch` is `on`)";
        case Kind::optype:
            return "string: `\"\"` only; task-scale profiling is on none of the emulated products (checked when "
                   "`switch` is `on`)";
    }
    return {};
}

void writeProfiler(std::ostream &out, const std::vector<FamilyRow> &rows) {
    out << "## `profiler`\n\n"
        << "An allow-list, as in the reference (K-5): an unknown key is rejected here, unlike everywhere else. Every\n"
        << "rejection is " << errorText(ACL_ERROR_INVALID_PARAM) << " at the " << stepText(ACLPP_STEP_PROFILING)
        << " step. The section may serialise to at most " << bytes(schema::profiler_rules::kMaxSectionLength)
        << ". When `PROFILER_SAMPLECONFIG` is set and non-empty the section is ignored and not validated.\n\n"
        << "| Key | Allowed | Products |\n|---|---|---|\n";
    for (const schema::profiler_rules::KeyRule &rule : schema::profiler_rules::kKeyRules) {
        if (!rule.inRelease(schema::cann::kDefaultRelease)) continue;  // master's rules; B-9 lists the others
        out << "| " << code(rule.key) << " | " << profilerAllowed(rule) << " | "
            << familiesOrAll([&](const FamilyTraits &t) { return supports(t.profiler, rule.gate); }) << " |\n";
    }
    out << "\n### Per product\n\n"
        << "| Family | `aic_metrics` names | Default metric | `Custom:` events at most | `sys_hardware_mem_freq` "
           "maximum | `task_time` `l3` |\n"
        << "|---|---|---|---|---|---|\n";
    for (const FamilyRow &row : rows) {
        const ProfilerTraits &p = row.traits->profiler;
        out << "| " << row.traits->name << " | " << codeList(p.aicMetrics) << " | " << code(p.defaultAicMetric) << " | "
            << p.maxCustomEvents << " | " << p.sysHardwareMemFreqMax << " | " << yesNo(p.taskTimeL3) << " |\n";
    }
    out << "\n";
}

std::string generate() {
    std::ostringstream out;
    const std::vector<FamilyRow> rows = families();
    out << "# acl.json reference\n\n"
        << "<!-- Generated by tools/build/gen_config_reference.cpp from the validator's own tables; do not edit.\n"
        << "     Regenerate with `ninja -C build config-reference`; the test docs/config-reference fails when\n"
        << "     this file and the tables disagree. -->\n\n"
        << "Every key of `acl.json` that aclpp checks, with the JSON type, the allowed values, the code `aclInit`\n"
        << "returns for a bad value and the products that accept it. The rules are those of the reference\n"
        << "runtime with the fixes listed in [c-abi.md](c-abi.md); `acl-config check` "
           "([acl-config.md](acl-config.md))\n"
        << "and `acl::validate` ([cpp-api.md](cpp-api.md)) report the same findings.\n\n"
        << "File-level rules come first (F-1..F-5): a NULL or `\"\"` path means no config; a missing file, a\n"
        << "directory, a FIFO or more than 10 MiB is 100003; an empty file is `{}`; a syntax error, a NUL byte,\n"
        << "invalid UTF-8 or more than 10 nested objects or arrays is 100006; duplicate keys: the last wins.\n\n";
    writeTopLevel(out);
    writeLimits(out);
    writeDump(out);
    writeProfiler(out, rows);
    writeProducts(out, rows);
    return out.str();
}

}  // namespace

int main(int argc, char **argv) {
    const std::vector<std::string_view> args(argv + 1, argv + argc);
    const bool check = args.size() == 2 && args[0] == "--check";
    if (!(args.size() == 1 || check) || args.back().empty() || args.back().front() == '-') {
        std::fprintf(stderr, "usage: gen-config-reference OUTPUT.md | --check FILE.md\n");
        return 2;
    }
    const std::string path(args.back());
    const std::string text = generate();
    if (check) {
        std::ifstream in(path, std::ios::binary);
        const std::string current((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (current == text) return 0;
        std::fprintf(stderr,
                     "%s is out of date with the validator's tables; regenerate it with "
                     "`ninja -C <build> config-reference` and review the diff\n",
                     path.c_str());
        return 1;
    }
    std::ofstream outFile(path, std::ios::binary | std::ios::trunc);
    outFile << text;
    outFile.close();
    if (!outFile) {
        std::fprintf(stderr, "cannot write %s\n", path.c_str());
        return 1;
    }
    return 0;
}
