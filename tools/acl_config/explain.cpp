// acl-config explain: the configuration aclInit would end up with, and who set each value.
//
// The table is drawn from aclppReportEffectiveJson without hard-coding its keys: a member that
// looks like {"value", "source", "origin"?, "note"?} is a setting with provenance, anything else
// is printed as it is. So a key the core adds later shows up here without a change.
#include <algorithm>

#include "commands.hpp"

namespace aclconfig {

namespace {

struct Row {
    std::size_t indent = 0;
    std::string name;
    std::string value;
    std::string source;  // coloured
    std::string note;
};

bool isSetting(const acl::JsonValue &node) {
    return node.is_object() && node.find("value") != nullptr && node.find("source") != nullptr;
}

std::string sourceText(const Style &style, std::string_view key, const acl::JsonValue &setting) {
    const std::string source = stringMember(setting, "source");
    const std::string origin = stringMember(setting, "origin");
    // An origin that repeats the row's own pointer says nothing new.
    const std::string where = origin.empty() || origin == key ? std::string() : " " + origin;
    if (source == "default") return style.dim("default");
    if (source == "config") return style.green("config" + where);
    if (source == "environment") return style.cyan("env" + where);
    if (source == "platform") return style.yellow("platform" + where);
    return source + where;
}

void collectRows(const Style &style, const acl::JsonValue &object, std::size_t indent, std::vector<Row> &rows) {
    for (const auto &[key, value] : object.members()) {
        Row row;
        row.indent = indent;
        row.name = key;
        if (isSetting(value)) {
            row.value = value.find("value")->dump();
            row.source = sourceText(style, key, value);
            row.note = stringMember(value, "note");
            rows.push_back(std::move(row));
        } else if (value.is_object() && value.size() != 0) {
            rows.push_back(std::move(row));
            collectRows(style, value, indent + 1, rows);
        } else {
            row.value = value.dump();
            rows.push_back(std::move(row));
        }
    }
}

std::string sectionTitle(std::string_view key) {
    if (key == "settings") return "Settings";
    if (key == "dump") return "Dump";
    if (key == "profiler") return "Profiler";
    if (key == "environment") return "Environment";
    return std::string(key);
}

void printSection(std::ostream &out, const Style &style, std::string_view key, const acl::JsonValue &section) {
    out << '\n' << style.bold(sectionTitle(key) + ":") << '\n';
    if (key == "dump") {
        const acl::JsonValue *present = section.find("present");
        if (present != nullptr && present->is_bool() && !present->as_bool() &&
            stringMember(section, "kind") == "none") {
            out << "  off: the config has no dump section and no environment variable turns dumping on\n";
            return;
        }
    }
    if (!section.is_object()) {
        out << "  " << section.dump() << '\n';
        return;
    }
    std::vector<Row> rows;
    collectRows(style, section, 1, rows);
    std::size_t nameWidth = 0;
    std::size_t valueWidth = 0;
    for (const Row &row : rows) {
        nameWidth = std::max(nameWidth, row.indent * 2 + row.name.size());
        valueWidth = std::max(valueWidth, row.value.size());
    }
    // Long values (paths) would push every source off the screen; let them overflow instead.
    valueWidth = std::min<std::size_t>(valueWidth, 24);
    for (const Row &row : rows) {
        std::string line(row.indent * 2, ' ');
        line += row.name;
        if (!row.value.empty() || !row.source.empty()) {
            line.resize(std::max(line.size(), nameWidth) + 2, ' ');
            line += row.value;
            if (!row.source.empty()) {
                line.resize(std::max(line.size() + 2, nameWidth + 2 + valueWidth + 2), ' ');
                line += row.source;
            }
        }
        out << line << '\n';
        if (!row.note.empty()) {
            out << std::string(nameWidth + 2, ' ') << style.cyan("note:") << ' ' << row.note << '\n';
        }
    }
}

}  // namespace

int runExplain(const ExplainOptions &options, const Style &style, std::ostream &out) {
    // B-9: --cann as check takes it; without it the core's default (ACLPP_CANN_VERSION, else the
    // loaded vendor runtime's version, else master's rules).
    const std::string cann = options.cann.empty() ? std::string() : checkedCannVersions({options.cann}).front();
    const Validation v = validateFile(options.file, checkedSoc(options.soc), checkedDeviceCount(options.devices), cann);
    const std::string effectiveText = aclppReportEffectiveJson(v.report.get());
    const acl::JsonValue effective = readJson(effectiveText);

    if (effective.is_object()) {
        std::string platform = v.soc;
        if (const acl::JsonValue *p = effective.find("platform"); p != nullptr && p->is_object()) {
            platform = stringMember(*p, "soc", v.soc);
            const std::string family = stringMember(*p, "family");
            const acl::JsonValue *devices = p->find("device_count");
            std::string details = family;
            if (devices != nullptr) {
                const std::string count = devices->dump();
                details += (details.empty() ? "" : ", ");
                details +=
                    devices->is_null() ? "device count not given" : count + (count == "1" ? " device" : " devices");
            }
            if (!details.empty()) platform += " (" + details + ")";
        }
        if (const std::string label = cannLabel(v); !label.empty()) platform += " with " + label;
        out << style.bold("Effective configuration of " + v.file) << " on " << platform << '\n';
        if (const acl::JsonValue *given = effective.find("config_given");
            given != nullptr && given->is_bool() && !given->as_bool()) {
            out << "no config given: every value below is a default\n";
        }
        for (const auto &[key, section] : effective.members()) {
            if (key == "platform" || key == "config_given") continue;
            printSection(out, style, key, section);
        }
        if (!v.findings.empty()) out << '\n' << style.bold("Findings:") << '\n';
    } else {
        const std::string label = cannLabel(v);
        out << style.bold("No effective configuration for " + v.file) << ": aclInit rejects it on " << v.soc
            << (label.empty() ? "" : " with " + label) << ".\n";
    }
    printFindings(out, style, v);
    if (effective.is_object()) out << '\n';
    printSummary(out, style, v);
    return exitStatusFor(v.result);
}

}  // namespace aclconfig
