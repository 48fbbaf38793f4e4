// acl-config doctor: what this process would run over (runtime, library, toolkit, CANN version,
// SoC, devices, the environment that changes init) and, for a config, whether its output paths
// are usable and what `check` says of it for that SoC and version. Every finding comes with a
// one-line fix. Nothing is initialised, created or written.
#include <aclpp/json/text_writer.hpp>
#include <algorithm>
#include <filesystem>
#include <optional>
#include <utility>

#include "commands.hpp"
#include "doctor_probe.hpp"

namespace aclconfig {
namespace {

struct Finding {
    std::string what;
    std::string fix;
};

struct Variable {
    const char *name;
    std::optional<std::string> value;
};

struct OutputPath {
    std::string key;  // JSON pointer of the config key
    std::string path;
    doctor::PathState state;
};

struct Diagnosis {
    std::string runtime;
    bool vendor = false;
    std::string library;
    bool stub = false;
    std::string toolkit;  // the one libaclpp was built against; "" on the emulated runtime
    uint32_t features = 0;
    std::optional<std::string> soc;
    std::string socSource;
    std::optional<uint32_t> deviceCount;
    std::string deviceSource;
    std::optional<std::string> cann;  // the CANN version whose rules check applies
    std::string cannSource;
    std::vector<Variable> toolkitVariables;
    std::vector<Variable> initVariables;
    std::optional<Validation> check;
    std::vector<OutputPath> paths;
    std::vector<Finding> findings;
};

// The vendor features of B-6, with their JSON names.
constexpr std::pair<uint32_t, const char *> kFeatures[] = {
    {ACLPP_FEATURE_FINALIZE_REFERENCE, "finalize_reference"},
    {ACLPP_FEATURE_CALLBACKS, "callbacks"},
    {ACLPP_FEATURE_DEVICE_LIMITS, "device_limits"},
};

std::string parentFolder(const std::string &path) {
    return std::filesystem::path(path).parent_path().string();
}

std::string canonicalOrSame(const std::string &path) {
    std::error_code error;
    const std::filesystem::path resolved = std::filesystem::weakly_canonical(path, error);
    return error ? path : resolved.string();
}

// The loaded library over the vendor runtime: the stub (B-4) answers every call with 100039,
// aclrtGetDeviceCount included, which is the one query the vendor allows before aclInit.
void probeVendorLibrary(Diagnosis &d) {
    uint32_t count = 0;
    const aclError code = aclrtGetDeviceCount(&count);
    if (code == ACL_ERROR_COMPILING_STUB_MODE) {
        d.stub = true;
        d.deviceSource = "unknown: the stub library answers 100039";
        d.findings.push_back({d.library + " is the toolkit's stub library: every call answers 100039",
                              "put the runtime's lib64 ahead of its stub folder on LD_LIBRARY_PATH (source "
                              "<toolkit>/set_env.sh on a machine with the NPU driver)"});
    } else if (code == ACL_SUCCESS) {
        d.deviceCount = count;
        d.deviceSource = "aclrtGetDeviceCount";
    } else {
        d.deviceSource = "unknown before aclInit: aclrtGetDeviceCount answers " + codeLabel(code);
    }
    if (!d.stub && !d.toolkit.empty() &&
        canonicalOrSame(parentFolder(d.library)) != canonicalOrSame(d.toolkit + "/lib64")) {
        d.findings.push_back({"the loader took " + d.library +
                                  ", not the library of the toolkit aclpp was built against (" + d.toolkit + "/lib64)",
                              "put " + d.toolkit +
                                  "/lib64 first on LD_LIBRARY_PATH, or rebuild aclpp with -Dcann_home=" +
                                  parentFolder(parentFolder(d.library))});
    }
    for (const Variable &variable : d.toolkitVariables) {
        if (variable.value && !doctor::holdsRuntimeLibrary(*variable.value)) {
            d.findings.push_back(
                {std::string(variable.name) + "=" + *variable.value + " holds no lib64/libascendcl.so",
                 std::string("source the set_env.sh of an installed toolkit, or unset ") + variable.name});
        }
    }
}

// B-9: the release whose rules check applies: --cann, else ACLPP_CANN_VERSION, else over the
// vendor runtime the version the core detects on the loaded library (aclppGetRuntimeCannVersion:
// its aclsysGetVersionStr, else its toolkit's runtime version file), which validation then
// applies by itself.
void chooseCannVersion(Diagnosis &d, const std::string &requested) {
    if (!requested.empty()) {
        d.cann = checkedCannVersions({requested}).front();
        d.cannSource = "--cann";
        return;
    }
    if (std::optional<std::string> fromEnvironment = doctor::environmentValue("ACLPP_CANN_VERSION")) {
        d.cann = *fromEnvironment;  // the core reads and checks it: a bad value is a finding of the platform
        d.cannSource = "ACLPP_CANN_VERSION";
        return;
    }
    aclppRuntimeCannVersion loaded{};
    if (aclppGetRuntimeCannVersion(&loaded) != ACL_SUCCESS) {
        d.cannSource = "not chosen: master's rules apply";
        return;
    }
    const std::string toolkit = loaded.toolkit;
    const std::string version = loaded.version;
    const std::string source = loaded.source == ACLPP_CANN_VERSION_FROM_LIBRARY
                                   ? std::string("aclsysGetVersionStr")
                                   : toolkit + " share/info/runtime/version.info";
    if (!version.empty() && loaded.rules[0] != '\0') {
        d.cann = version;
        d.cannSource = source;
        if (version != loaded.rules) d.cannSource += ", the rules of " + std::string(loaded.rules);
        return;
    }
    d.cannSource = "no --cann, ACLPP_CANN_VERSION, aclsysGetVersionStr or version.info: master's rules apply";
    if (!version.empty()) {
        d.findings.push_back({"the runtime's version (" + source + ") is " + version + ", which names no CANN release",
                              "pass --cann VERSION (or set ACLPP_CANN_VERSION) to check with that release's rules"});
    } else {
        d.findings.push_back(
            {"the CANN version of " + toolkit +
                 " is unknown (no aclsysGetVersionStr answer, no share/info/runtime/version.info)",
             "pass --cann VERSION (or set ACLPP_CANN_VERSION) to check with the installed release's rules"});
    }
}

// The version to hand the core: --cann's only. ACLPP_CANN_VERSION and the loaded runtime's
// version are the core's own default.
const char *requestedCann(const Diagnosis &d) {
    return d.cann && d.cannSource == "--cann" ? d.cann->c_str() : nullptr;
}

// The SoC and device count the next init would use, from the core's own platform choice: a
// config of {} validated with no SoC. A bad ACLPP_SOC, ACLPP_DEVICE_COUNT or ACLPP_CANN_VERSION
// is one of its findings.
void choosePlatform(Diagnosis &d, const std::string &requestedSoc) {
    const char *soc = checkedSoc(requestedSoc);
    aclppReport *raw = nullptr;
    static constexpr char kEmptyConfig[] = "{}";
    aclppValidateBufferForCann(kEmptyConfig, sizeof kEmptyConfig - 1, soc, 0, requestedCann(d), &raw);
    const ReportPtr report(raw);
    if (report == nullptr) return;  // only a version the core refuses, and doctor passes checked ones
    for (std::size_t i = 0; i < aclppReportFindingCount(report.get()); ++i) {
        aclppFinding finding{};
        if (aclppReportGetFinding(report.get(), i, &finding) != ACL_SUCCESS) continue;
        if (finding.severity != ACLPP_SEVERITY_ERROR) continue;
        // The core names ACLPP_DEVICE_COUNT and ACLPP_CANN_VERSION; an unknown SoC can only be
        // ACLPP_SOC's here (an unknown --soc is a usage error).
        std::string what = finding.message;
        if (what.find("ACLPP_") == std::string::npos) what.insert(0, "ACLPP_SOC: ");
        const std::string hint = finding.hint;
        d.findings.push_back(
            {what, hint.empty() ? "correct or unset the variable (`acl-config socs` lists the SoCs)" : hint});
    }
    const acl::JsonValue json = readJson(aclppReportJson(report.get()));
    if (soc != nullptr) {
        d.soc = soc;
        d.socSource = "--soc";
    } else if (const char *live = d.vendor && !d.stub ? aclrtGetSocName() : nullptr) {
        d.soc = live;
        d.socSource = "aclrtGetSocName";
    } else if (d.vendor) {
        d.socSource = "unknown before aclInit: check uses " + stringMember(json, "soc", "its default") +
                      " unless --soc names one";
    } else {
        d.soc = stringMember(json, "soc");
        d.socSource = doctor::environmentValue("ACLPP_SOC") ? "ACLPP_SOC" : "the emulated default";
    }
    if (!d.vendor) {
        const acl::JsonValue *count = json.find("device_count");
        const std::optional<int64_t> value = count != nullptr ? count->as_int64() : std::nullopt;
        if (value) d.deviceCount = static_cast<uint32_t>(*value);
        d.deviceSource = doctor::environmentValue("ACLPP_DEVICE_COUNT")
                             ? "ACLPP_DEVICE_COUNT"
                             : "not chosen: the emulated runtime's default; ACLPP_DEVICE_COUNT sets it";
    }
}

// The folders the runtime writes to under this config: the effective values, the environment's
// overrides included (ASCEND_DUMP_PATH, ASCEND_WORK_PATH). A default (the profiler's "." is the
// executable's folder) is not looked at. Only an accepted config has effective values.
void probeOutputPaths(Diagnosis &d) {
    static constexpr std::pair<const char *, const char *> kPaths[] = {
        {"/dump/dump_path", "/dump/path"},
        {"/dump/kernel_data_path", "/dump/kernel_data_path"},
        {"/profiler/output", "/profiler/output"},
    };
    const acl::JsonValue effective = readJson(aclppReportEffectiveJson(d.check->report.get()));
    for (const auto &[key, setting] : kPaths) {
        const acl::JsonValue *value = effective.at_pointer(std::string(setting) + "/value");
        const acl::JsonValue *source = effective.at_pointer(std::string(setting) + "/source");
        if (value == nullptr || !value->is_string() || value->text().empty()) continue;
        if (source == nullptr || !source->is_string() || source->text() == "default") continue;
        OutputPath path{key, std::string(value->text()),
                        doctor::outputPathState(std::string(value->text()), source->text() == "environment")};
        if (!path.state.usable) {
            const std::string fix = path.state.state == "does not exist"
                                        ? "mkdir -p " + path.path + ", or name an existing folder"
                                    : path.state.state == "cannot be created"
                                        ? "make the folder above " + path.path + " writable, or name another folder"
                                    : path.state.state == "not a directory"
                                        ? "name a folder, not a file"
                                        : "chmod u+w " + path.path + ", or name a folder this user can write";
            d.findings.push_back({std::string(key) + " " + path.path + ": " + path.state.state, fix});
        }
        d.paths.push_back(std::move(path));
    }
}

Diagnosis diagnose(const DoctorOptions &options) {
    Diagnosis d;
    d.runtime = aclppRuntimeName();
    d.vendor = d.runtime == "cann";
    d.library = doctor::loadedRuntimeLibrary();
    d.toolkit = doctor::builtToolkit();
    d.features = aclppRuntimeFeatures();
    for (const char *name : doctor::kToolkitVariables)
        d.toolkitVariables.push_back({name, doctor::environmentValue(name)});
    for (const char *name : doctor::kInitVariables) d.initVariables.push_back({name, doctor::environmentValue(name)});
    if (d.vendor) probeVendorLibrary(d);
    chooseCannVersion(d, options.cann);
    choosePlatform(d, options.soc);
    if (!options.config.empty()) {
        const char *cann = requestedCann(d);
        d.check = validateFile(options.config, checkedSoc(options.soc), d.deviceCount.value_or(0), cann ? cann : "");
        if (d.check->report != nullptr) probeOutputPaths(d);
    }
    return d;
}

std::string valueOr(const std::optional<std::string> &value, std::string_view fallback) {
    return value ? *value : std::string(fallback);
}

void printText(std::ostream &out, const Style &style, const Diagnosis &d) {
    out << "Runtime       " << style.bold(d.runtime) << " (aclpp " << aclppCoreVersionString() << ")\n";
    out << "Library       " << (d.library.empty() ? "unknown" : d.library);
    if (d.stub) out << ' ' << style.red("(the stub: every call answers 100039)");
    out << '\n';
    if (d.vendor) {
        out << "Toolkit       built against " << d.toolkit << '\n';
        for (const Variable &v : d.toolkitVariables) out << "  " << v.name << '=' << valueOr(v.value, "unset") << '\n';
    }
    out << "Vendor features\n";
    for (const auto &[bit, name] : kFeatures) {
        out << "  " << ((d.features & bit) == bit ? "yes" : "no ") << "  " << aclppRuntimeFeatureFunctions(bit) << '\n';
    }
    out << "SoC           " << valueOr(d.soc, "unknown") << " (" << d.socSource << ")\n";
    out << "Devices       " << (d.deviceCount ? std::to_string(*d.deviceCount) : "unknown") << " (" << d.deviceSource
        << ")\n";
    out << "CANN version  " << valueOr(d.cann, "unknown") << " (" << d.cannSource << ")\n";
    out << "Environment\n";
    for (const Variable &v : d.initVariables) out << "  " << v.name << '=' << valueOr(v.value, "unset") << '\n';
    if (d.check) {
        out << "Config        " << d.check->file << '\n';
        for (const OutputPath &p : d.paths) {
            out << "  " << p.key << ' ' << p.path << ": "
                << (p.state.usable ? style.green(p.state.state) : style.red(p.state.state)) << '\n';
        }
        printFindings(out, style, *d.check);
        printSummary(out, style, *d.check);
    }
    if (!d.findings.empty()) out << style.bold("Findings") << '\n';
    for (const Finding &f : d.findings) out << "  - " << f.what << "\n    fix: " << f.fix << '\n';
    const bool configFails = d.check && d.check->result != ACL_SUCCESS;
    if (d.findings.empty() && !configFails) {
        out << style.green("Healthy: no findings") << '\n';
        return;
    }
    out << style.red(std::to_string(d.findings.size()) + (d.findings.size() == 1 ? " finding" : " findings"))
        << (configFails ? "; the config has errors (above)" : "") << '\n';
}

void stringOrNull(aclpp::json::JsonTextWriter &w, const std::optional<std::string> &value) {
    if (value) {
        w.string(*value);
    } else {
        w.raw("null");
    }
}

void boolean(aclpp::json::JsonTextWriter &w, bool value) {
    w.raw(value ? "true" : "false");
}

// The layout of `acl-config fmt` (the project's one JSON writer): the report reads as any
// canonical acl.json does, and `fmt --check` accepts it.
void printJson(std::ostream &out, const Diagnosis &d) {
    aclpp::json::JsonTextWriter w(true);
    w.begin_object();
    w.key("runtime").string(d.runtime);
    w.key("core_version").string(aclppCoreVersionString());
    w.key("library").begin_object();
    w.key("path");
    stringOrNull(w, d.library.empty() ? std::nullopt : std::optional(d.library));
    w.key("stub");
    boolean(w, d.stub);
    w.key("features").begin_object();
    for (const auto &[bit, name] : kFeatures) {
        w.key(name);
        boolean(w, (d.features & bit) == bit);
    }
    w.end_object().end_object();
    w.key("toolkit").begin_object();
    w.key("built_against");
    stringOrNull(w, d.toolkit.empty() ? std::nullopt : std::optional(d.toolkit));
    for (const Variable &v : d.toolkitVariables) {
        w.key(v.name);
        stringOrNull(w, v.value);
    }
    w.end_object();
    w.key("soc");
    stringOrNull(w, d.soc);
    w.key("soc_source").string(d.socSource);
    w.key("device_count");
    if (d.deviceCount) {
        w.number(*d.deviceCount);
    } else {
        w.raw("null");
    }
    w.key("device_count_source").string(d.deviceSource);
    w.key("cann_version");
    stringOrNull(w, d.cann);
    w.key("cann_version_source").string(d.cannSource);
    w.key("environment").begin_object();
    for (const Variable &v : d.initVariables) {
        w.key(v.name);
        stringOrNull(w, v.value);
    }
    w.end_object();
    w.key("config");
    if (!d.check) {
        w.raw("null");
    } else {
        w.begin_object();
        w.key("file").string(d.check->file);
        w.key("paths").begin_array(false);
        for (const OutputPath &p : d.paths) {
            w.begin_object();
            w.key("key").string(p.key);
            w.key("path").string(p.path);
            w.key("state").string(p.state.state);
            w.end_object();
        }
        w.end_array();
        w.key("check").raw(d.check->report ? aclppReportJson(d.check->report.get()) : "null");
        w.end_object();
    }
    w.key("findings").begin_array(false);
    for (const Finding &f : d.findings) {
        w.begin_object();
        w.key("what").string(f.what);
        w.key("fix").string(f.fix);
        w.end_object();
    }
    w.end_array();
    w.end_object();
    out << w.take();
}

}  // namespace

int runDoctor(const DoctorOptions &options, const Style &style, std::ostream &out) {
    const Diagnosis d = diagnose(options);
    int status = d.findings.empty() ? kExitOk : kExitFindings;
    if (d.check) status = std::max(status, exitStatusFor(d.check->result));
    if (options.format == "json") {
        printJson(out, d);
    } else {
        printText(out, style, d);
    }
    return status;
}

}  // namespace aclconfig
