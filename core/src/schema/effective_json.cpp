#include "schema/effective_json.hpp"

namespace aclpp::core {
namespace {

template <class T, class WriteValue>
void writeSetting(JsonWriter &w, std::string_view pointer, const Setting<T> &setting, WriteValue &&writeValue) {
    w.key(pointer).beginObject().key("value");
    writeValue(setting.value);
    w.key("source").value(sourceName(setting.source));
    if (!setting.origin.empty()) w.key("origin").value(setting.origin);
    if (!setting.note.empty()) w.key("note").value(setting.note);
    w.endObject();
}

std::string_view dumpKindName(DumpKind kind) {
    switch (kind) {
        case DumpKind::none:
            return "none";
        case DumpKind::operatorDump:
            return "operator";
        case DumpKind::overflow:
            return "overflow";
        case DumpKind::exceptionBrief:
            return "exception_brief";
        case DumpKind::exceptionNorm:
            return "exception_norm";
        case DumpKind::exceptionCore:
            return "exception_core";
    }
    return "none";
}

std::string_view profilerModeName(ProfilerMode mode) {
    switch (mode) {
        case ProfilerMode::dynamic:
            return "dynamic";
        case ProfilerMode::environment:
            return "environment";
        case ProfilerMode::config:
            return "config";
    }
    return "dynamic";
}

void writeStrings(JsonWriter &w, const std::vector<std::string> &values) {
    w.beginArray();
    for (const std::string &v : values) w.value(v);
    w.endArray();
}

void writeDump(JsonWriter &w, const DumpOutcome &dump) {
    const auto string = [&](const std::string &v) { w.value(v); };
    w.key("dump").beginObject();
    w.key("present").value(dump.present);
    w.key("kind").value(dumpKindName(dump.kind));
    w.key("scene").value(dump.scene);
    w.key("watcher").value(dump.watcher);
    writeSetting(w, "path", dump.path, string);
    w.key("mode").value(dump.mode);
    w.key("data").value(dump.data);
    w.key("level_bits").value(dump.levelBits);
    w.key("op_switch").value(dump.opSwitch);
    w.key("debug").value(dump.debug);
    w.key("step").value(dump.step);
    w.key("stats");
    writeStrings(w, dump.stats);
    w.key("list_items").value(static_cast<uint64_t>(dump.listItems));
    w.key("layers").value(static_cast<uint64_t>(dump.layerCount));
    w.key("kernel_data_types");
    writeStrings(w, dump.kernelDataTypes);
    writeSetting(w, "kernel_data_path", dump.kernelDataPath, string);
    for (const auto &[key, value] : dump.otherKeys) w.key(key).value(value);
    w.endObject();
}

void writeProfiler(JsonWriter &w, const ProfilerOutcome &profiler) {
    w.key("profiler").beginObject();
    w.key("mode").value(profilerModeName(profiler.mode));
    w.key("enabled").value(profiler.enabled);
    writeSetting(w, "output", profiler.output, [&](const std::string &v) { w.value(v); });
    w.key("aic_metrics").value(profiler.aicMetrics);
    w.key("keys").beginObject();
    for (const auto &[name, json] : profiler.keys) w.key(name).raw(json);
    w.endObject();
    w.endObject();
}

}  // namespace

std::string_view sourceName(Source source) noexcept {
    switch (source) {
        case Source::defaulted:
            return "default";
        case Source::config:
            return "config";
        case Source::environment:
            return "environment";
        case Source::platform:
            return "platform";
    }
    return "default";
}

void writeEffectiveConfig(JsonWriter &w, const EffectiveConfig &e, const PlatformDescription &platform) {
    const auto number = [&](uint32_t v) { w.value(static_cast<uint64_t>(v)); };
    // Values are written with the JSON types acl.json requires, so they compare with a config.
    const auto numberAsString = [&](uint32_t v) { w.value(std::to_string(v)); };
    w.beginObject();
    w.key("platform").beginObject();
    w.key("soc").value(platform.soc);
    w.key("family").value(platform.family);
    if (platform.deviceCount == 0) {
        w.key("device_count").null();
    } else {
        w.key("device_count").value(static_cast<uint64_t>(platform.deviceCount));
    }
    w.endObject();
    w.key("config_given").value(e.configGiven);
    w.key("settings").beginObject();
    writeSetting(w, schema::top_level_rules::kErrMsgMode.pointer, e.errMsgMode,
                 [&](ErrMsgMode m) { w.value(m == ErrMsgMode::process ? "1" : "0"); });
    writeSetting(w, schema::top_level_rules::kDefaultDevice.pointer, e.defaultDevice,
                 [&](const std::optional<int32_t> &d) {
                     if (d) {
                         w.value(std::to_string(*d));
                     } else {
                         w.null();
                     }
                 });
    // A key the product does not have (issue 27: 950-only keys on an Atlas A2) has no default
    // there: it is left out unless the config set it, whose row then says "not applied".
    const auto shown = [&](bool FamilyTraits::*feature, const auto &setting) {
        return platform.traits == nullptr || feature == nullptr || platform.traits->*feature ||
               setting.source != Source::defaulted;
    };
    for (const LimitRule &limit : kLimitRules) {
        const Setting<uint32_t> &setting = limitSetting(e, limit.limit);
        if (shown(limit.supported, setting)) writeSetting(w, limit.config.pointer, setting, number);
    }
    if (shown(&FamilyTraits::eventMode, e.eventMode)) {
        writeSetting(w, schema::top_level_rules::kEventMode.pointer, e.eventMode, [&](const std::optional<uint8_t> &m) {
            if (m) {
                w.value(*m == 1 ? "1" : "0");
            } else {
                w.null();
            }
        });
    }
    if (shown(&FamilyTraits::maxOpqueueNum, e.maxOpqueueNum)) {
        writeSetting(w, schema::top_level_rules::kMaxOpqueueNum.pointer, e.maxOpqueueNum, numberAsString);
    }
    w.endObject();
    writeDump(w, e.dump);
    writeProfiler(w, e.profiler);
    w.key("environment").beginObject();
    writeSetting(w, "ASCEND_LOG_DEVICE_FLUSH_TIMEOUT", e.logFlushTimeoutMs, number);
    w.key("AUTO_USE_UC_MEMORY").beginObject().key("fill_hook").value(e.fillHook).endObject();
    w.endObject();
    w.endObject();
}

std::string effectiveConfigJson(const EffectiveConfig &effective, const PlatformDescription &platform) {
    JsonWriter writer;
    writeEffectiveConfig(writer, effective, platform);
    return writer.take();
}

}  // namespace aclpp::core
