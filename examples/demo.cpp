// The README's demo: initialise the runtime from an acl.json (argv[1], default the bundled
// examples/acl.json), show the lifecycle state, the emulated SoC and device count and the
// effective configuration, use device 0, and finalize, printing each step.
#include <acl/acl.hpp>
#include <acl/config.hpp>
#include <acl/json.hpp>
#include <acl/runtime.hpp>

#include <chrono>
#include <cstdio>
#include <string>

#ifndef ACLPP_EXAMPLE_CONFIG
#define ACLPP_EXAMPLE_CONFIG "examples/acl.json"
#endif

namespace {

void print_state(const char *when) {
    const acl::LifecycleState s = acl::lifecycle_state();
    // Over the vendor runtime only the references aclpp took are known (docs/backends.md).
    std::printf("    lifecycle %s: refCount %llu%s, initialized %s, finalized %s, epoch %llu\n", when,
                static_cast<unsigned long long>(s.ref_count), s.ref_count_is_total ? "" : " (held through aclpp)",
                s.initialized ? "yes" : "no",
                !s.ref_count_is_total ? "unknown"
                : s.finalized         ? "yes"
                                      : "no",
                static_cast<unsigned long long>(s.epoch));
}

const char *severity_name(acl::Severity s) {
    switch (s) {
        case acl::Severity::error:
            return "error";
        case acl::Severity::warning:
            return "warning";
        case acl::Severity::note:
            return "note";
    }
    return "?";
}

void print_effective(const acl::JsonValue &effective) {
    if (const acl::JsonValue *settings = effective.find("settings")) {
        for (const auto &[pointer, setting] : settings->members()) {
            const acl::JsonValue *value = setting.find("value");
            const acl::JsonValue *source = setting.find("source");
            const acl::JsonValue *note = setting.find("note");
            std::printf("      %-40s %-10s (%s)%s%s\n", pointer.c_str(), value != nullptr ? value->dump().c_str() : "?",
                        source != nullptr ? std::string(source->text()).c_str() : "?", note != nullptr ? "  " : "",
                        note != nullptr ? std::string(note->text()).c_str() : "");
        }
    }
    if (const acl::JsonValue *dump = effective.find("dump")) {
        const acl::JsonValue *path = dump->at_pointer("/path/value");
        std::printf("      dump: %s, scene \"%s\", path \"%s\"\n", std::string(dump->find("kind")->text()).c_str(),
                    std::string(dump->find("scene")->text()).c_str(),
                    path != nullptr ? std::string(path->text()).c_str() : "");
    }
    if (const acl::JsonValue *profiler = effective.find("profiler")) {
        std::printf("      profiler: %s mode, %s, keys %s\n", std::string(profiler->find("mode")->text()).c_str(),
                    profiler->find("enabled")->as_bool() ? "on" : "off", profiler->find("keys")->dump().c_str());
    }
}

}  // namespace

int main(int argc, char **argv) {
    const std::string path = argc > 1 ? argv[1] : ACLPP_EXAMPLE_CONFIG;
    try {
        std::printf("[1/6] validating %s (no runtime state is touched)\n", path.c_str());
        const acl::Report report = acl::validate_file(path);
        for (const acl::Finding &f : report.findings) {
            std::printf("    %s %s%s%s: %s\n", severity_name(f.severity),
                        f.pointer.empty() ? "(file)" : f.pointer.c_str(), f.code != 0 ? " " : "",
                        f.code != 0 ? std::string(acl::error_name(f.code)).c_str() : "", f.message.c_str());
        }
        std::printf("    verdict: %s\n", std::string(acl::error_name(report.result)).c_str());
        print_state("before init");

        std::printf("[2/6] aclInit(\"%s\") through acl::Session\n", path.c_str());
        acl::Session session{acl::ConfigFile{path}, acl::JoinPolicy::warn};
        std::printf(
            "    %s the runtime (init took %lld us)\n", session.is_owner() ? "initialised" : "joined",
            static_cast<long long>(
                std::chrono::duration_cast<std::chrono::microseconds>(acl::lifecycle_state().last_init).count()));
        print_state("after init");

        std::printf("[3/6] emulated platform: SoC %s, %u device(s), core %.*s\n", acl::soc_name().c_str(),
                    acl::device_count(), static_cast<int>(acl::core_version().size()), acl::core_version().data());

        std::printf("[4/6] effective configuration (value, source):\n");
        print_effective(acl::effective_config());

        std::printf("[5/6] aclrtSetDevice(0)\n");
        {
            acl::Device device = session.set_device(0);
            std::int32_t current = -1;
            aclrtGetDevice(&current);
            const std::uint64_t in_use = aclppDevicesInUse();
            if (in_use == ACLPP_COUNT_UNKNOWN_U64) {
                std::printf("    current device on this thread: %d; devices in use: unknown\n", current);
            } else {
                std::printf("    current device on this thread: %d; devices in use: %llu\n", current,
                            static_cast<unsigned long long>(in_use));
            }
            device.close();
            std::printf("    aclrtResetDevice(0) done\n");
        }

        std::printf("[6/6] finalize (aclFinalizeReference)\n");
        session.close();
        std::printf(
            "    finalized in %lld us\n",
            static_cast<long long>(
                std::chrono::duration_cast<std::chrono::microseconds>(acl::lifecycle_state().last_finalize).count()));
        print_state("at the end");
        return 0;
    } catch (const acl::Error &e) {
        std::fprintf(stderr, "demo: %s\n", e.what());
        return 1;
    }
}
