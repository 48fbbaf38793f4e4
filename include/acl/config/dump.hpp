// acl/config/dump.hpp: the `dump` section of acl.json (reference §3.4, decision K-4).
// Every member is optional: an empty optional leaves the key out of the JSON, so a config
// round-trips exactly and the runtime's defaults apply. Included by <acl/config.hpp>.
#pragma once

#include <acl/config/common.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {

/// One entry of `optype_blacklist` / `opname_blacklist`.
struct OpFilter {
    std::optional<std::string> name{};              ///< `name`
    std::optional<std::vector<std::string>> pos{};  ///< `pos` ("input0", "output1", ...)

    constexpr OpFilter &set_name(std::string value) {
        name = std::move(value);
        return *this;
    }
    constexpr OpFilter &add_pos(std::string value) {
        if (!pos) pos.emplace();
        pos->push_back(std::move(value));
        return *this;
    }
    friend constexpr bool operator==(const OpFilter &, const OpFilter &) = default;
};

/// One entry of `opname_range`: dump the operators from `begin` to `end`.
struct OpnameRange {
    std::optional<std::string> begin{};
    std::optional<std::string> end{};
    friend constexpr bool operator==(const OpnameRange &, const OpnameRange &) = default;
};

/// One item of `dump_list`: a model (or, for the watcher scene, the nodes to watch).
struct DumpModel {
    std::optional<std::string> model_name{};                   ///< `model_name`
    std::optional<std::vector<std::string>> layer{};           ///< `layer`
    std::optional<std::vector<std::string>> watcher_nodes{};   ///< `watcher_nodes` (watcher scene only)
    std::optional<std::vector<OpFilter>> optype_blacklist{};   ///< needs dump_level op
    std::optional<std::vector<OpFilter>> opname_blacklist{};   ///< needs dump_level op
    std::optional<std::vector<OpnameRange>> opname_range{};    ///< needs dump_level op and model_name

    constexpr DumpModel &set_model_name(std::string value) {
        model_name = std::move(value);
        return *this;
    }
    constexpr DumpModel &add_layer(std::string value) {
        if (!layer) layer.emplace();
        layer->push_back(std::move(value));
        return *this;
    }
    constexpr DumpModel &add_watcher_node(std::string value) {
        if (!watcher_nodes) watcher_nodes.emplace();
        watcher_nodes->push_back(std::move(value));
        return *this;
    }
    constexpr DumpModel &add_optype_blacklist(OpFilter value) {
        if (!optype_blacklist) optype_blacklist.emplace();
        optype_blacklist->push_back(std::move(value));
        return *this;
    }
    constexpr DumpModel &add_opname_blacklist(OpFilter value) {
        if (!opname_blacklist) opname_blacklist.emplace();
        opname_blacklist->push_back(std::move(value));
        return *this;
    }
    constexpr DumpModel &add_opname_range(std::string begin, std::string end) {
        if (!opname_range) opname_range.emplace();
        opname_range->push_back(OpnameRange{std::move(begin), std::move(end)});
        return *this;
    }
    friend constexpr bool operator==(const DumpModel &, const DumpModel &) = default;
};

/// The `dump` section. Members are the acl.json keys without the `dump_` prefix.
struct Dump {
    std::optional<std::string> path{};                     ///< `dump_path`: a directory or "a.b.c.d:/path"
    std::optional<DumpMode> mode{};                        ///< `dump_mode` (default output)
    std::optional<bool> op_switch{};                       ///< `dump_op_switch` "on"/"off" (default off)
    std::optional<DumpLevel> level{};                      ///< `dump_level` (default all)
    std::optional<DumpScene> scene{};                      ///< `dump_scene`
    std::optional<DumpData> data{};                        ///< `dump_data` (default tensor)
    std::optional<bool> debug{};                           ///< `dump_debug` "on"/"off": overflow dump
    std::optional<std::vector<KernelData>> kernel_data{};  ///< `dump_kernel_data` (comma list)
    std::optional<std::string> step{};                     ///< `dump_step` ("1|3-5|10")
    std::optional<std::vector<DumpStat>> stats{};          ///< `dump_stats` (needs data stats)
    std::optional<std::vector<DumpModel>> list{};          ///< `dump_list`

    constexpr Dump &set_path(std::string value) {
        path = std::move(value);
        return *this;
    }
    constexpr Dump &set_mode(DumpMode value) {
        mode = value;
        return *this;
    }
    constexpr Dump &set_op_switch(bool on) {
        op_switch = on;
        return *this;
    }
    constexpr Dump &set_level(DumpLevel value) {
        level = value;
        return *this;
    }
    constexpr Dump &set_scene(DumpScene value) {
        scene = value;
        return *this;
    }
    constexpr Dump &set_data(DumpData value) {
        data = value;
        return *this;
    }
    constexpr Dump &set_debug(bool on) {
        debug = on;
        return *this;
    }
    constexpr Dump &add_kernel_data(KernelData value) {
        if (!kernel_data) kernel_data.emplace();
        kernel_data->push_back(value);
        return *this;
    }
    constexpr Dump &set_step(std::string value) {
        step = std::move(value);
        return *this;
    }
    constexpr Dump &add_stat(DumpStat value) {
        if (!stats) stats.emplace();
        stats->push_back(value);
        return *this;
    }
    constexpr Dump &add_model(DumpModel value) {
        if (!list) list.emplace();
        list->push_back(std::move(value));
        return *this;
    }
    friend constexpr bool operator==(const Dump &, const Dump &) = default;
};

}  // namespace v1
}  // namespace acl
