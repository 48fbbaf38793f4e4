#include "schema/json_schema.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "acl/aclpp_ext.h"
#include "aclpp/schema/dump.hpp"
#include "aclpp/schema/profiler.hpp"
#include "aclpp/schema/top_level.hpp"
#include "devices/limits.hpp"
#include "json/writer.hpp"
#include "schema/profiler_gate.hpp"

namespace aclpp::core {
namespace {

constexpr std::string_view kDraft = "https://json-schema.org/draft/2020-12/schema";
constexpr uint64_t kUint32Max = std::numeric_limits<uint32_t>::max();

std::string codeText(aclError code) {
    return std::to_string(code) + " " + aclppErrorName(code);
}

std::string joined(std::span<const std::string_view> values, std::string_view separator = ", ") {
    std::string out;
    for (std::string_view value : values) {
        if (!out.empty()) out += separator;
        out += value;
    }
    return out;
}

/// "^(a|b)(,(a|b))*$": a comma list of `items` without spaces; `orEmpty` also matches "".
std::string commaListPattern(std::span<const std::string_view> items, bool orEmpty) {
    // Appended piece by piece: GCC 12 at -O3 reports a false -Wrestrict (PR 105329) for the
    // same text built with operator+ chains.
    std::string one = "(";
    one += joined(items, "|");
    one += ')';
    std::string pattern = orEmpty ? "^(" : "^";
    pattern += one;
    pattern += "(,";
    pattern += one;
    pattern += ")*";
    pattern += orEmpty ? ")?$" : "$";
    return pattern;
}

/// The products a schema is for: one, or every product of the table.
class Products {
public:
    explicit Products(const Product *product) : product_(product) {}

    [[nodiscard]] const Product *single() const noexcept { return product_; }

    /// True when every product in scope satisfies `has`.
    template <class Predicate>
    [[nodiscard]] bool all(Predicate has) const {
        if (product_ != nullptr) return has(*product_->traits);
        return allProductsHave(has);
    }

    /// True when some product in scope satisfies `has`.
    template <class Predicate>
    [[nodiscard]] bool any(Predicate has) const {
        if (product_ != nullptr) return has(*product_->traits);
        return std::any_of(allProducts().begin(), allProducts().end(),
                           [&](const Product &p) { return has(*p.traits); });
    }

    /// "Products: all." / "Products: Atlas A2, Atlas A3." / "On Ascend910A (Atlas training): not
    /// supported." for a key that products satisfying `has` support.
    template <class Predicate>
    [[nodiscard]] std::string support(Predicate has) const {
        if (product_ != nullptr) {
            return "On " + std::string(product_->soc) + " (" + std::string(product_->traits->name) +
                   "): " + (has(*product_->traits) ? "supported." : "not supported.");
        }
        if (all(has)) return "Products: all.";
        const std::string families = familiesWith(has);
        return families.empty() ? "Products: none." : "Products: " + families + ".";
    }

private:
    const Product *product_;
};

JsonWriter &stringEnum(JsonWriter &w, std::span<const std::string_view> values) {
    w.key("type").value("string").key("enum").beginArray();
    for (std::string_view value : values) w.value(value);
    return w.endArray();
}

/// A key the product refuses whatever its value: any value is an error.
void refused(JsonWriter &w, const std::string &description) {
    w.beginObject().key("not").beginObject().endObject().key("description").value(description).endObject();
}

// ---- top-level keys and their sections --------------------------------------------------------

const LimitRule *limitOf(const schema::top_level_rules::KeyRule &rule) {
    for (const LimitRule &limit : kLimitRules) {
        if (&limit.config == &rule) return &limit;
    }
    return nullptr;
}

void writeKeyRule(JsonWriter &w, const schema::top_level_rules::KeyRule &rule, const Products &products) {
    using schema::top_level_rules::ValueRule;
    const LimitRule *limit = limitOf(rule);
    std::string description;
    if (limit != nullptr) description = std::string(limit->description) + ". ";
    description += "Allowed: " + std::string(rule.allowed) + ". A wrong JSON type gives " + codeText(rule.typeError) +
                   ", a bad value " + codeText(rule.valueError) + ".";
    if (limit != nullptr && limit->supported != nullptr) {
        description += " " + products.support([&](const FamilyTraits &t) { return t.*limit->supported; }) +
                       " A product without it tolerates the key with a warning and does not apply it (K-2).";
    }
    if (limit != nullptr && limit->kind == LimitKind::aicoreStack && products.single() != nullptr) {
        const FamilyTraits &traits = *products.single()->traits;
        description += " On " + std::string(products.single()->soc) + ": " +
                       (traits.aicoreStackMax == 0
                            ? std::string("no maximum")
                            : "at most " + std::to_string(traits.aicoreStackMax) + " (above: a warning, not applied)") +
                       (traits.aicoreStackApplied ? "." : "; stored, never used.");
    }
    if (rule.gate != schema::ProductGate::none) {
        const auto has = [&rule](const FamilyTraits &t) { return hasFeature(t, rule.gate); };
        if (!products.all(has)) {
            const std::string why = products.support(has) + " A product without " +
                                    std::string(schema::featureName(rule.gate)) + " refuses it with " +
                                    codeText(ACL_ERROR_RT_FEATURE_NOT_SUPPORT) + " (K-2).";
            if (products.single() != nullptr) return refused(w, description + " " + why);
            description += " " + why;
        }
    }

    w.beginObject();
    switch (rule.rule) {
        case ValueRule::stringZeroOrOne:
            stringEnum(w, schema::top_level_rules::kZeroOrOneValues);
            break;
        case ValueRule::stringPositive:
            // Digits with at least one that is not 0; the upper bound is the validator's.
            w.key("type").value("string").key("pattern").value("^[0-9]*[1-9][0-9]*$");
            break;
        case ValueRule::stringDeviceId:
            // 0 or no leading zero, at most 10 digits; the bound 2147483647 is the validator's.
            w.key("type").value("string").key("pattern").value("^(0|[1-9][0-9]{0,9})$");
            break;
        case ValueRule::stackNumber:
            // JSON Schema's integer is any number without a fraction: 65536.0 and 1e5 pass, as in K-1.
            w.key("type").value("integer").key("minimum").value(uint64_t{0}).key("maximum").value(kUint32Max);
            break;
        case ValueRule::fifoToken: {
            w.key("type").value("integer");
            // The device range is an error only where the product has the FIFO (elsewhere a warning).
            const bool ranged =
                limit != nullptr && limit->kind == LimitKind::printfFifo &&
                products.all([&](const FamilyTraits &t) { return limit->supported == nullptr || t.*limit->supported; });
            w.key("minimum").value(uint64_t{ranged ? limit->minimum : 1});
            if (ranged) {
                w.key("maximum").value(uint64_t{limit->maximum});
                description += " Out of the range " + std::to_string(limit->minimum) + ".." +
                               std::to_string(limit->maximum) + " gives " + codeText(ACL_ERROR_RT_PARAM_INVALID) + ".";
            }
            break;
        }
    }
    if (rule.defaultValue != schema::top_level_rules::kNoDefault) {
        const auto value = static_cast<uint64_t>(rule.defaultValue);
        if (schema::top_level_rules::isStringRule(rule.rule)) {
            w.key("default").value(std::to_string(value));
        } else {
            w.key("default").value(value);
        }
    }
    w.key("description").value(description).endObject();
}

void writeSection(JsonWriter &w, std::string_view section, const Products &products) {
    w.beginObject()
        .key("description")
        .value(std::string(section) +
               ": an object; any other JSON type is ignored by the runtime, with a warning. Unknown keys are "
               "ignored with a warning (K-7).")
        .key("properties")
        .beginObject();
    for (const schema::top_level_rules::KeyRule &rule : schema::top_level_rules::kKeyRules) {
        if (rule.section != section) continue;
        w.key(rule.key);
        writeKeyRule(w, rule, products);
    }
    w.endObject().endObject();
}

// ---- dump ---------------------------------------------------------------------------------------

std::string dumpCode() {
    return codeText(ACL_ERROR_INVALID_DUMP_CONFIG);
}

void stringArray(JsonWriter &w) {
    w.beginObject().key("type").value("array").key("items").beginObject().key("type").value("string").endObject();
    w.endObject();
}

void stringType(JsonWriter &w) {
    w.beginObject().key("type").value("string").endObject();
}

/// An array of objects whose members are the strings `strings` and the string arrays `arrays`.
void objectArray(JsonWriter &w, std::span<const std::string_view> strings, std::span<const std::string_view> arrays) {
    w.beginObject().key("type").value("array").key("items").beginObject().key("type").value("object");
    w.key("properties").beginObject();
    for (std::string_view key : strings) stringType(w.key(key));
    for (std::string_view key : arrays) stringArray(w.key(key));
    w.endObject().endObject().endObject();
}

void writeDumpItem(JsonWriter &w) {
    using namespace schema::dump_rules;
    w.beginObject().key("type").value("object").key("properties").beginObject();
    for (std::size_t i = 0; i < kItemKeyCount; ++i) {
        w.key(kItemKeys[i]);
        switch (static_cast<ItemKey>(i)) {
            case kModelName:
                stringType(w);
                break;
            case kLayer:
            case kWatcherNodes:
                stringArray(w);
                break;
            case kOptypeBlacklist:
            case kOpnameBlacklist:
                objectArray(w, std::span(kBlacklistKeys).first(kPos), std::span(kBlacklistKeys).subspan(kPos, 1));
                break;
            case kOpnameRange:
                objectArray(w, kRangeKeys, {});
                break;
            case kItemKeyCount:
                break;
        }
    }
    w.endObject().endObject();
}

void writeDumpKey(JsonWriter &w, const schema::dump_rules::KeyRow &row, const Products &products) {
    using namespace schema::dump_rules;
    const std::span<const std::string_view> values{row.values.begin(), row.values.end()};
    const std::string anotherValue = ". Another value gives " + dumpCode() + ".";
    switch (row.kind) {
        case ValueKind::enumeration:
        case ValueKind::onOff: {
            std::vector<std::string_view> allowed(values.begin(), values.end());
            std::string description = "Allowed: " + joined(allowed) + anotherValue;
            if (row.gate.feature != ProductGate::none) {
                const auto has = [&row](const FamilyTraits &t) { return hasFeature(t, row.gate.feature); };
                description += " " + std::string(row.gate.value) + " (" +
                               std::string(schema::featureName(row.gate.feature)) + "): " + products.support(has) +
                               " A product without it refuses it with " + codeText(ACL_ERROR_INTERNAL_ERROR) + ".";
                if (!products.any(has)) std::erase(allowed, row.gate.value);
            }
            stringEnum(w.beginObject(), allowed).key("description").value(description).endObject();
            return;
        }
        case ValueKind::commaList:
            w.beginObject().key("type").value("string").key("pattern").value(commaListPattern(values, false));
            w.key("description")
                .value("A comma-separated list, without spaces, of " + joined(values) + anotherValue)
                .endObject();
            return;
        case ValueKind::valueArray:
            w.beginObject().key("type").value("array").key("items").beginObject();
            stringEnum(w, values).endObject();
            w.key("description")
                .value("One or more of " + joined(values) + std::string(row.schemaNote) + anotherValue)
                .endObject();
            return;
        case ValueKind::models:
            w.beginObject().key("type").value("array").key("items");
            writeDumpItem(w);
            w.key("description").value("The models to dump (a wrong type gives " + dumpCode() + ").").endObject();
            return;
        case ValueKind::text:
            // Checked by the validator only where it matters (phase C): a string is all the schema says.
            w.beginObject().key("type").value("string").key("description").value(row.schemaNote).endObject();
            return;
        case ValueKind::steps:
            w.beginObject().key("type").value("string");
            w.key("description")
                .value(std::string(kStepRule) + std::string(kStepExample) + " (checked by the validator).")
                .endObject();
            return;
    }
    stringType(w);
}

void writeDump(JsonWriter &w, const Products &products) {
    using namespace schema::dump_rules;
    w.beginObject()
        .key("type")
        .value("object")
        .key("description")
        .value("The dump module (K-4). Every rejection gives " + dumpCode() +
               ". Unknown keys are ignored with a warning (K-7); the rules between keys are checked by the validator.")
        .key("properties")
        .beginObject();
    for (const KeyRow &row : kKeyRows) writeDumpKey(w.key(row.name), row, products);
    w.endObject().endObject();
}

// ---- profiler -----------------------------------------------------------------------------------

std::string profilerCode() {
    return codeText(ACL_ERROR_INVALID_PARAM);
}

std::vector<std::string_view> metricNames(const Products &products) {
    std::vector<std::string_view> names;
    const auto add = [&](const Product &p) {
        for (std::string_view name : p.traits->profiler.aicMetrics) {
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
        }
    };
    if (products.single() != nullptr) {
        add(*products.single());
    } else {
        for (const Product &p : allProducts()) add(p);
    }
    names.emplace_back("");  // the product's default metric
    return names;
}

uint64_t highestMemFreq(const Products &products) {
    if (products.single() != nullptr) return products.single()->traits->profiler.sysHardwareMemFreqMax;
    uint64_t highest = 0;
    for (const Product &p : allProducts())
        highest = std::max<uint64_t>(highest, p.traits->profiler.sysHardwareMemFreqMax);
    return highest;
}

void writeProfilerKey(JsonWriter &w, const schema::profiler_rules::KeyRule &rule, const Products &products) {
    using namespace schema::profiler_rules;
    const auto has = [&](const FamilyTraits &t) { return supports(t.profiler, rule.gate); };
    // Only a gated key has a product story; every product accepts the others.
    std::string support;
    if (rule.gate != Gate::none) {
        support = products.support(has);
        if (products.single() == nullptr) {
            support += " Elsewhere the key gives " + profilerCode() + ".";
        } else if (!products.all(has)) {
            return refused(w, support + " The key gives " + profilerCode() + " on this product.");
        }
    }

    w.beginObject();
    std::string allowed;
    switch (rule.kind) {
        case Kind::plainSwitch:
        case Kind::geApi:
        case Kind::llcProfiling:
            stringEnum(w, {rule.values.data, rule.values.size});
            break;
        case Kind::taskTime: {
            std::vector<std::string_view> values(rule.values.begin(), rule.values.end());
            const auto hasL3 = [](const FamilyTraits &t) { return t.profiler.taskTimeL3; };
            if (products.any(hasL3)) values.push_back(rule.productValue);
            stringEnum(w, values);
            allowed = std::string(rule.productValue) + " (task trace L3): " + products.support(hasL3);
            break;
        }
        case Kind::frequency: {
            const uint64_t max = rule.maxFrequency != 0 ? rule.maxFrequency : highestMemFreq(products);
            w.key("type").value("integer").key("minimum").value(uint64_t{1}).key("maximum").value(max);
            if (rule.maxFrequency == 0) allowed = "The maximum is the product's.";
            break;
        }
        case Kind::instrFrequency:
            w.key("type").value("integer");
            allowed = "From " + std::to_string(kInstrProfilingFreqMin) + " to " +
                      std::to_string(kInstrProfilingFreqMax) +
                      " when switch and instr_profiling are \"on\" (checked by the validator).";
            break;
        case Kind::aicMetrics: {
            const std::vector<std::string_view> names = metricNames(products);
            w.key("type").value("string").key("maxLength").value(uint64_t{kMaxAicMetricsLength});
            w.key("anyOf").beginArray().beginObject().key("enum").beginArray();
            for (std::string_view name : names) w.value(name);
            w.endArray().endObject();
            w.beginObject().key("pattern").value("^" + std::string(kCustomPrefix) + ".").endObject().endArray();
            allowed = "A metric of the product, " + std::string(kCustomPrefix) +
                      "<events> or \"\" (the product's default); the events are checked by the validator.";
            break;
        }
        case Kind::memServiceflow:
            w.key("type").value("string").key("minLength").value(uint64_t{1});
            break;
        case Kind::hostSys:
        case Kind::hostSysUsage: {
            const std::span<const std::string_view> items(rule.values.data, rule.values.size);
            w.key("type").value("string").key("pattern").value(commaListPattern(items, true));
            allowed = "A comma list of " + joined(items) + ", or \"\".";
            break;
        }
        case Kind::output:
        case Kind::storageLimit:
        case Kind::optype:
            // Not looked at unless "switch" is "on": any JSON value may stand here otherwise.
            allowed = "Checked only when switch is \"on\" (by the validator).";
            break;
    }
    std::string description = allowed.empty() ? std::string() : allowed + " ";
    description += "A violation gives " + profilerCode() + ".";
    if (!support.empty()) description += " " + support;
    w.key("description").value(description).endObject();
}

void writeProfiler(JsonWriter &w, const Products &products) {
    w.beginObject()
        .key("type")
        .value("object")
        .key("description")
        .value("The profiler (K-5): an allow-list, so an unknown key is an error here. Every rejection gives " +
               profilerCode() + ". Not validated when PROFILER_SAMPLECONFIG is set and non-empty.")
        .key("additionalProperties")
        .value(false)
        .key("properties")
        .beginObject();
    for (const schema::profiler_rules::KeyRule &rule : schema::profiler_rules::kKeyRules) {
        if (!rule.inRelease(schema::cann::kDefaultRelease)) continue;  // the schema has master's rules (B-9)
        w.key(rule.key);
        writeProfilerKey(w, rule, products);
    }
    w.endObject().endObject();
}

}  // namespace

std::string configJsonSchema(const Product *product) {
    const Products products(product);
    JsonWriter w;
    std::string title = "acl.json (aclpp ";
    title += aclppCoreVersionString();
    title += product != nullptr ? ", " + std::string(product->soc) + ")" : std::string(", every product)");
    w.beginObject()
        .key("$schema")
        .value(kDraft)
        .key("title")
        .value(title)
        .key("description")
        .value(
            "The AscendCL runtime configuration as aclpp validates it. Unknown keys are ignored with a warning "
            "(K-7), except in profiler. Rules between keys, per-product rules, paths, duplicate keys and "
            "nesting depth are checked by `acl-config check`.")
        .key("properties")
        .beginObject();
    w.key(schema::top_level_rules::kSchemaKey)
        .beginObject()
        .key("type")
        .value("string")
        .key("description")
        .value("The JSON Schema of this file, for editors; the runtime ignores it.")
        .endObject();
    for (std::string_view key : schema::top_level_rules::kTopLevelKeys) {
        w.key(key);
        if (key == "dump") {
            writeDump(w, products);
        } else if (key == "profiler") {
            writeProfiler(w, products);
        } else if (const auto *rule = std::find_if(schema::top_level_rules::kKeyRules.begin(),
                                                   schema::top_level_rules::kKeyRules.end(),
                                                   [&](const auto &r) { return r.section.empty() && r.key == key; });
                   rule != schema::top_level_rules::kKeyRules.end()) {
            writeKeyRule(w, *rule, products);
        } else {
            writeSection(w, key, products);
        }
    }
    w.endObject().endObject();
    return w.take();
}

}  // namespace aclpp::core
