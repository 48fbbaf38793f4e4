// The 1 MiB acl.json every config benchmark uses: a valid `dump` section whose dump_list holds
// tens of thousands of layer names, generated in memory so that every benchmark (and the RSS
// probe) sees exactly the same bytes.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace aclpp_bench {

inline constexpr std::size_t kConfigBytes = std::size_t{1} << 20;  // 1 MiB
inline constexpr std::size_t kLayersPerModel = 1000;

/// {"dump":{"dump_path":"./","dump_list":[{"model_name":"m0","layer":["layer_00000",...]},...]}}
/// padded with trailing white space to exactly `size` bytes. "./" must be a readable and
/// writable directory when the config is used (bench/run runs the programs in bench/results/).
inline std::string makeDumpListConfig(std::size_t size = kConfigBytes) {
    static constexpr std::string_view kHead = R"({"dump":{"dump_path":"./","dump_list":[)";
    static constexpr std::string_view kTail = "]}]}}\n";  // closes layer, the item, dump_list, dump, root
    std::string out;
    out.reserve(size);
    out += kHead;
    std::size_t layer = 0;
    std::size_t model = 0;
    char name[64];  // the longest piece, an item header, is under 40 bytes
    for (;;) {
        // A new item every kLayersPerModel layers: `]},{"model_name":"mN","layer":[`.
        if (layer % kLayersPerModel == 0) {
            const int n =
                std::snprintf(name, sizeof name, R"(%s{"model_name":"m%zu","layer":[)", model == 0 ? "" : "]},", model);
            out.append(name, static_cast<std::size_t>(n));
            ++model;
        } else {
            out += ',';
        }
        const int n = std::snprintf(name, sizeof name, "\"layer_%05zu\"", layer);
        out.append(name, static_cast<std::size_t>(n));
        ++layer;
        // Room for one more layer, an item header and the tail: stop before exceeding `size`.
        if (out.size() + 64 + kTail.size() > size) break;
    }
    out += kTail;
    out.append(size - out.size(), ' ');
    return out;
}

/// Number of layer names in a config produced by makeDumpListConfig (for the report).
inline std::size_t countLayers(const std::string &config) {
    std::size_t count = 0;
    for (std::size_t at = config.find("\"layer_"); at != std::string::npos; at = config.find("\"layer_", at + 1)) {
        ++count;
    }
    return count;
}

}  // namespace aclpp_bench
