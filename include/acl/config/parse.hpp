// acl/config/parse.hpp: Config::from_json, reading acl.json text back into the typed config
// (decision C-4). It reads every config aclInit accepts: what the runtime ignores (an unknown key
// inside a known section, K-7; the earlier copies of a repeated key, F-5; a section or top level
// that is not an object where the runtime reads it as absent) is dropped with a warning, never
// silently. Wrong JSON types and values the typed config cannot hold are errors with the code the
// core gives for them; an unknown profiler key is one, as for the runtime (K-5). Unknown
// top-level keys become Config::extra.
// Included by <acl/config.hpp>.
#pragma once

#include <acl/config/top_level.hpp>
#include <acl/error.hpp>
#include <acl/json.hpp>
#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {
namespace detail {

class ConfigReader {
public:
    explicit ConfigReader(std::vector<Finding> &findings) : findings_(findings) {}

    std::optional<Config> read(std::string_view text) {
        if (text.empty()) return Config{};  // F-3: a 0-byte file is {}
        JsonParseError parse_error;
        std::optional<JsonValue> root = JsonValue::parse(text, &parse_error);
        if (!root) {
            fail(ACL_ERROR_PARSE_FILE, "", "the text is not valid JSON: " + parse_error.message);
            findings_.back().hint = std::move(parse_error.hint);
            findings_.back().line = parse_error.line;
            findings_.back().column = parse_error.column;
            return std::nullopt;
        }
        Config config;
        if (!root->is_object()) {
            warn("", "the top-level value is not an object; it is read as an empty config (F-5)");
            return config;
        }
        for (const auto &[key, value] : root->members()) {
            if (root->find(key) != &value) {
                warn(pointer("", key), "the key appears more than once; the last one wins (F-5)");
                continue;
            }
            read_top_level(config, key, value);
        }
        if (failed_) return std::nullopt;
        return config;
    }

private:
    static std::string pointer(std::string_view parent, std::string_view key) {
        std::string out(parent);
        aclpp::json::append_pointer_token(out, key);
        return out;
    }
    static std::string pointer(std::string_view parent, std::size_t index) {
        return std::string(parent) + "/" + std::to_string(index);
    }
    void fail(aclError code, std::string at, std::string message) {
        failed_ = true;
        Finding f;
        f.code = code;
        f.pointer = std::move(at);
        f.step = "from_json";
        f.message = std::move(message);
        findings_.push_back(std::move(f));
    }
    void warn(std::string at, std::string message) {
        Finding f;
        f.severity = Severity::warning;
        f.pointer = std::move(at);
        f.step = "from_json";
        f.message = std::move(message);
        findings_.push_back(std::move(f));
    }

    /// A JSON integer (integer-valued numbers like 65536.0 included) within [0, max].
    std::optional<std::uint64_t> unsigned_number(const JsonValue &v, const std::string &at, aclError code,
                                                 std::uint64_t max) {
        if (!v.is_number()) {
            fail(code, at, "expected a JSON number");
            return std::nullopt;
        }
        if (const auto i = v.as_int64()) {
            if (*i >= 0 && static_cast<std::uint64_t>(*i) <= max) return static_cast<std::uint64_t>(*i);
        } else {
            double d = 0;
            const std::string_view t = v.text();
            auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), d);
            if (ec == std::errc() && d >= 0 && d <= static_cast<double>(max) &&
                static_cast<double>(static_cast<std::uint64_t>(d)) == d) {
                return static_cast<std::uint64_t>(d);
            }
        }
        fail(code, at, "the number " + std::string(v.text()) + " is out of range or fractional");
        return std::nullopt;
    }
    std::optional<std::string> string(const JsonValue &v, const std::string &at, aclError code) {
        if (!v.is_string()) {
            fail(code, at, "expected a JSON string");
            return std::nullopt;
        }
        return std::string(v.text());
    }
    /// A JSON string of decimal digits ("20000").
    std::optional<std::uint64_t> digits(const JsonValue &v, const std::string &at, aclError type_code,
                                        aclError value_code, std::uint64_t max) {
        const auto text = string(v, at, type_code);
        if (!text) return std::nullopt;
        std::uint64_t value = 0;
        auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
        if (text->empty() || ec != std::errc() || ptr != text->data() + text->size() || value > max ||
            (text->size() > 1 && (*text)[0] == '0')) {
            fail(value_code, at, "\"" + *text + "\" is not a string of decimal digits in range");
            return std::nullopt;
        }
        return value;
    }
    std::optional<bool> on_off(const JsonValue &v, const std::string &at, aclError code) {
        const auto text = string(v, at, code);
        if (!text) return std::nullopt;
        if (*text == "on") return true;
        if (*text == "off") return false;
        fail(code, at, "\"" + *text + "\" is not \"on\" or \"off\"");
        return std::nullopt;
    }
    template <class Enum>
    std::optional<Enum> enumerated(const JsonValue &v, const std::string &at, aclError code,
                                   const std::string_view *names, std::size_t count) {
        const auto text = string(v, at, code);
        if (!text) return std::nullopt;
        if (const auto e = enum_from<Enum>(names, count, *text)) return e;
        fail(code, at, "\"" + *text + "\" is not an allowed value");
        return std::nullopt;
    }
    template <class Enum>
    std::optional<std::vector<Enum>> comma_enums(const JsonValue &v, const std::string &at, aclError code,
                                                 const std::string_view *names, std::size_t count) {
        const auto text = string(v, at, code);
        if (!text) return std::nullopt;
        std::vector<Enum> items;
        if (text->empty()) return items;
        std::size_t start = 0;
        while (true) {
            const std::size_t comma = text->find(',', start);
            const std::string_view item =
                std::string_view(*text).substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            const auto e = enum_from<Enum>(names, count, item);
            if (!e) {
                fail(code, at, "\"" + std::string(item) + "\" is not an allowed item");
                return std::nullopt;
            }
            items.push_back(*e);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
        return items;
    }
    std::optional<std::vector<std::string>> strings(const JsonValue &v, const std::string &at, aclError code) {
        if (!v.is_array()) {
            fail(code, at, "expected an array of strings");
            return std::nullopt;
        }
        std::vector<std::string> out;
        for (std::size_t i = 0; i < v.elements().size(); ++i) {
            const auto s = string(v.elements()[i], pointer(at, i), code);
            if (!s) return std::nullopt;
            out.push_back(*s);
        }
        return out;
    }
    bool object(const JsonValue &v, const std::string &at, aclError code) {
        if (v.is_object()) return true;
        fail(code, at, "expected a JSON object");
        return false;
    }
    /// A section the runtime reads as absent unless it is an object (StackSize, defaultDevice,
    /// acl_graph): false, with a warning, when it is not one.
    bool ignored_unless_object(const JsonValue &v, const std::string &at) {
        if (v.is_object()) return true;
        warn(at, "not an object; the runtime ignores it, and so does the typed config");
        return false;
    }
    /// What an unknown key inside a section is: ignored by the runtime (K-7), or an error (the
    /// profiler's allow-list, K-5).
    enum class UnknownKey : std::uint8_t { ignored, rejected };
    template <class F>
    void members(const JsonValue &v, const std::string &at, F &&each) {
        members(UnknownKey::ignored, v, at, std::forward<F>(each));
    }
    template <class F>
    void members(UnknownKey unknown, const JsonValue &v, const std::string &at, F &&each) {
        for (const auto &[key, value] : v.members()) {
            const std::string member_at = pointer(at, key);
            if (v.find(key) != &value) {
                warn(member_at, "the key appears more than once; the last one wins (F-5)");
                continue;
            }
            if (each(key, value, member_at)) continue;
            const std::string message = "unknown key \"" + std::string(key) + "\"";
            if (unknown == UnknownKey::rejected) {
                fail(ACL_ERROR_INVALID_PARAM, member_at, message + "; the profiler's keys are an allow-list (K-5)");
            } else {
                warn(member_at, message + "; the runtime ignores it, and the typed config drops it (K-7)");
            }
        }
    }

    void read_top_level(Config &c, const std::string &key, const JsonValue &v) {
        using aclpp::schema::top_level_rules::kStackSection;
        const std::string at = pointer("", key);
        if (key == "dump") {
            if (object(v, at, ACL_ERROR_INVALID_DUMP_CONFIG)) c.dump = read_dump(v, at);
        } else if (key == "profiler") {
            if (object(v, at, ACL_ERROR_INVALID_PARAM)) c.profiler = read_profiler(v, at);
        } else if (read_rows(c, "", key, v, at, config_fields{})) {
        } else if (key == kStackSection) {
            if (!ignored_unless_object(v, at)) return;
            StackSize s;
            members(v, at, [&](const std::string &k, const JsonValue &x, const std::string &p) {
                return read_rows(s, kStackSection, k, x, p, stack_fields{});
            });
            c.stack_size = s;
        } else if (is_object_of_rows(key)) {
            if (!ignored_unless_object(v, at)) return;
            members(v, at, [&](const std::string &k, const JsonValue &x, const std::string &p) {
                return read_rows(c, key, k, x, p, config_fields{});
            });
        } else {
            c.extra.push_back(ExtraKey{key, v.dump()});
        }
    }

    /// True for a one-key object of the top-level key rows (defaultDevice, acl_graph).
    static bool is_object_of_rows(std::string_view key) {
        for (const aclpp::schema::top_level_rules::KeyRule &row : aclpp::schema::top_level_rules::kKeyRules) {
            if (!key.empty() && row.section == key) return true;
        }
        return false;
    }

    /// The member of `owner` bound to the key `k` of `section`; false when no row of the table has it.
    template <class Owner, std::size_t... Rows, auto... Members>
    bool read_rows(Owner &owner, std::string_view section, const std::string &k, const JsonValue &x,
                   const std::string &p, field_table<field<Rows, Members>...>) {
        return (read_row<Rows>(owner.*Members, section, k, x, p) || ...);
    }
    template <std::size_t Row, class T>
    bool read_row(std::optional<T> &slot, std::string_view section, const std::string &k, const JsonValue &x,
                  const std::string &p) {
        if constexpr (Row == section_field) {
            return false;
        } else {
            constexpr const aclpp::schema::top_level_rules::KeyRule &row =
                aclpp::schema::top_level_rules::kKeyRules[Row];
            if (row.section != section || row.key != k) return false;
            read_top_level_value<Row>(slot, x, p);
            return true;
        }
    }

    /// One top-level key row's value, as its value rule says, with the row's codes.
    template <std::size_t Row, class T>
    void read_top_level_value(std::optional<T> &slot, const JsonValue &x, const std::string &p) {
        using aclpp::schema::top_level_rules::kZeroOrOneValues;
        using aclpp::schema::top_level_rules::ValueRule;
        constexpr const aclpp::schema::top_level_rules::KeyRule &row = aclpp::schema::top_level_rules::kKeyRules[Row];
        constexpr std::uint64_t kUint32Max = std::numeric_limits<std::uint32_t>::max();
        if constexpr (row.rule == ValueRule::stringZeroOrOne) {
            if (const auto s = string(x, p, row.typeError)) {
                if (*s == kZeroOrOneValues[0] || *s == kZeroOrOneValues[1]) {
                    slot = static_cast<T>(*s == kZeroOrOneValues[0] ? 0 : 1);
                } else {
                    fail(row.valueError, p, std::string(row.key) + " must be \"0\" or \"1\"");
                }
            }
        } else if constexpr (row.rule == ValueRule::stringPositive || row.rule == ValueRule::stringDeviceId) {
            constexpr std::uint64_t max = row.rule == ValueRule::stringPositive
                                              ? kUint32Max
                                              : static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
            if (const auto n = digits(x, p, row.typeError, row.valueError, max)) slot = static_cast<T>(*n);
        } else {
            if (row.rule == ValueRule::fifoToken && x.is_number() && !x.as_int64()) {
                fail(row.valueError, p, "written with a fraction or an exponent; allowed: [1-9][0-9]*");
            } else if (const auto n = unsigned_number(x, p, row.typeError, kUint32Max)) {
                slot = static_cast<T>(*n);
            }
        }
    }

    Dump read_dump(const JsonValue &v, const std::string &at) {
        Dump d;
        members(v, at, [&](const std::string &k, const JsonValue &x, const std::string &p) {
            return read_dump_field(d, k, x, p, dump_fields{});
        });
        return d;
    }

    /// The member of `d` bound to the key `k`; false when no row has that key.
    template <std::size_t... Keys, auto... Members>
    bool read_dump_field(Dump &d, const std::string &k, const JsonValue &x, const std::string &p,
                         field_table<field<Keys, Members>...>) {
        return (
            (aclpp::schema::dump_rules::kKeyRows[Keys].name == k && (read_dump_value<Keys>(d.*Members, x, p), true)) ||
            ...);
    }

    /// One value of `dump`, as its key row's kind says.
    template <std::size_t Key, class T>
    void read_dump_value(std::optional<T> &slot, const JsonValue &x, const std::string &p) {
        using aclpp::schema::dump_rules::ValueKind;
        constexpr aclError E = ACL_ERROR_INVALID_DUMP_CONFIG;
        constexpr const aclpp::schema::dump_rules::KeyRow &row = aclpp::schema::dump_rules::kKeyRows[Key];
        if constexpr (row.kind == ValueKind::text || row.kind == ValueKind::steps) {
            slot = string(x, p, E);
        } else if constexpr (row.kind == ValueKind::enumeration) {
            slot = enumerated<T>(x, p, E, row.values.data, row.values.size);
        } else if constexpr (row.kind == ValueKind::onOff) {
            slot = on_off(x, p, E);
        } else if constexpr (row.kind == ValueKind::commaList) {
            slot = comma_enums<typename T::value_type>(x, p, E, row.values.data, row.values.size);
        } else if constexpr (row.kind == ValueKind::valueArray) {
            if (const auto names = strings(x, p, E)) {
                slot.emplace();
                for (std::size_t i = 0; i < names->size(); ++i) {
                    const auto item = enum_from<typename T::value_type>(row.values.data, row.values.size, (*names)[i]);
                    if (!item) {
                        fail(E, pointer(p, i), "\"" + (*names)[i] + "\" is not an allowed value");
                    } else {
                        slot->push_back(*item);
                    }
                }
            }
        } else {
            if (!x.is_array()) {
                fail(E, p, "expected an array of objects");
                return;
            }
            slot.emplace();
            for (std::size_t i = 0; i < x.elements().size(); ++i) {
                const std::string item_at = pointer(p, i);
                if (object(x.elements()[i], item_at, E)) slot->push_back(read_model(x.elements()[i], item_at));
            }
        }
    }

    std::optional<std::vector<OpFilter>> read_filters(const JsonValue &v, const std::string &at) {
        constexpr aclError E = ACL_ERROR_INVALID_DUMP_CONFIG;
        if (!v.is_array()) {
            fail(E, at, "expected an array of objects");
            return std::nullopt;
        }
        std::vector<OpFilter> out;
        for (std::size_t i = 0; i < v.elements().size(); ++i) {
            const std::string entry_at = pointer(at, i);
            if (!object(v.elements()[i], entry_at, E)) continue;
            OpFilter f;
            members(v.elements()[i], entry_at, [&](const std::string &k, const JsonValue &x, const std::string &p) {
                if (k == "name") {
                    f.name = string(x, p, E);
                } else if (k == "pos") {
                    f.pos = strings(x, p, E);
                } else {
                    return false;
                }
                return true;
            });
            out.push_back(std::move(f));
        }
        return out;
    }

    DumpModel read_model(const JsonValue &v, const std::string &at) {
        constexpr aclError E = ACL_ERROR_INVALID_DUMP_CONFIG;
        DumpModel m;
        members(v, at, [&](const std::string &k, const JsonValue &x, const std::string &p) {
            if (k == "model_name") {
                m.model_name = string(x, p, E);
            } else if (k == "layer") {
                m.layer = strings(x, p, E);
            } else if (k == "watcher_nodes") {
                m.watcher_nodes = strings(x, p, E);
            } else if (k == "optype_blacklist") {
                m.optype_blacklist = read_filters(x, p);
            } else if (k == "opname_blacklist") {
                m.opname_blacklist = read_filters(x, p);
            } else if (k == "opname_range") {
                if (!x.is_array()) {
                    fail(E, p, "expected an array of objects");
                    return true;
                }
                m.opname_range.emplace();
                for (std::size_t i = 0; i < x.elements().size(); ++i) {
                    const std::string entry_at = pointer(p, i);
                    if (!object(x.elements()[i], entry_at, E)) continue;
                    OpnameRange r;
                    members(x.elements()[i], entry_at,
                            [&](const std::string &rk, const JsonValue &rx, const std::string &rp) {
                                if (rk == "begin") {
                                    r.begin = string(rx, rp, E);
                                } else if (rk == "end") {
                                    r.end = string(rx, rp, E);
                                } else {
                                    return false;
                                }
                                return true;
                            });
                    m.opname_range->push_back(std::move(r));
                }
            } else {
                return false;
            }
            return true;
        });
        return m;
    }

    Profiler read_profiler(const JsonValue &v, const std::string &at) {
        Profiler p;
        members(UnknownKey::rejected, v, at, [&](const std::string &k, const JsonValue &x, const std::string &ptr) {
            return read_profiler_field(p, k, x, ptr, profiler_fields{});
        });
        return p;
    }

    /// The member of `p` bound to the key `k`; false when no bound row has that key.
    template <std::size_t... Rows, auto... Members>
    bool read_profiler_field(Profiler &p, const std::string &k, const JsonValue &x, const std::string &ptr,
                             field_table<field<Rows, Members>...>) {
        return ((aclpp::schema::profiler_rules::kKeyRules[Rows].key == k &&
                 (read_profiler_value<Rows>(p.*Members, x, ptr), true)) ||
                ...);
    }

    /// The enumerator of Enum named `text` (its to_string), or nothing.
    template <class Enum>
    static std::optional<Enum> enum_named(std::string_view text) {
        for (std::size_t i = 0; to_string(static_cast<Enum>(i)) != "<invalid>"; ++i) {
            if (to_string(static_cast<Enum>(i)) == text) return static_cast<Enum>(i);
        }
        return std::nullopt;
    }

    /// One value of `profiler`, as its key row's kind says.
    template <std::size_t Row, class T>
    void read_profiler_value(std::optional<T> &slot, const JsonValue &x, const std::string &ptr) {
        constexpr aclError E = ACL_ERROR_INVALID_PARAM;
        constexpr const aclpp::schema::profiler_rules::KeyRule &row = aclpp::schema::profiler_rules::kKeyRules[Row];
        constexpr profiler_form form = form_of(row.kind);
        if constexpr (form == profiler_form::on_off) {
            slot = on_off(x, ptr, E);
        } else if constexpr (form == profiler_form::text) {
            slot = string(x, ptr, E);
        } else if constexpr (form == profiler_form::enumeration) {
            // The enumerators' names: the row's values and its product value, less "" (K-5).
            if (const auto text = string(x, ptr, E)) {
                slot = enum_named<T>(*text);
                if (!slot) fail(E, ptr, "\"" + *text + "\" is not an allowed value");
            }
        } else if constexpr (form == profiler_form::comma_list) {
            slot = comma_enums<typename T::value_type>(x, ptr, E, row.values.data, row.values.size);
        } else if constexpr (form == profiler_form::frequency) {
            if (const auto n = unsigned_number(x, ptr, E, std::numeric_limits<std::uint32_t>::max())) {
                slot = static_cast<std::uint32_t>(*n);
            }
        } else {
            read_megabytes(slot, x, ptr);
        }
    }

    /// storage_limit: "<megabytes>MB".
    void read_megabytes(std::optional<std::uint64_t> &slot, const JsonValue &x, const std::string &ptr) {
        constexpr std::string_view unit = aclpp::schema::profiler_rules::kStorageLimitUnit;
        const auto s = string(x, ptr, ACL_ERROR_INVALID_PARAM);
        if (!s) return;
        std::uint64_t mb = 0;
        const std::string_view t = *s;
        const bool has_unit = t.size() > unit.size() && t.substr(t.size() - unit.size()) == unit;
        const char *digits_end = t.data() + t.size() - (has_unit ? unit.size() : 0);
        auto [end, ec] = std::from_chars(t.data(), digits_end, mb);
        if (!has_unit || ec != std::errc() || end != digits_end) {
            fail(ACL_ERROR_INVALID_PARAM, ptr, "storage_limit must be \"<megabytes>MB\"");
        } else {
            slot = mb;
        }
    }

    std::vector<Finding> &findings_;
    bool failed_ = false;
};

}  // namespace detail

inline std::optional<Config> Config::from_json(std::string_view json, std::error_code &ec,
                                               std::vector<Finding> *findings) {
    std::vector<Finding> local;
    std::vector<Finding> &out = findings != nullptr ? *findings : local;
    std::optional<Config> config = detail::ConfigReader(out).read(json);
    if (config) {
        ec.clear();
    } else {
        ec = to_error_code(out.empty() ? ACL_ERROR_PARSE_FILE : out.front().code);
    }
    return config;
}

#if !ACLPP_EXCEPTIONS
template <class AclppExceptionsDisabled>  // ACLPP_THROWING, without the default it has at the declaration
#endif
inline Config Config::from_json(std::string_view json) {
    ACLPP_NEEDS_EXCEPTIONS("acl::Config::from_json(json, ec)");
    std::vector<Finding> findings;
    std::error_code ec;
    std::optional<Config> config = from_json(json, ec, &findings);
    if (!config) {
        const Finding &first = findings.front();
        detail::raise_error(first.code, "acl::Config::from_json", {},
                            (first.pointer.empty() ? std::string("(document)") : first.pointer) + ": " + first.message);
    }
    return std::move(*config);
}

}  // namespace v1
}  // namespace acl
