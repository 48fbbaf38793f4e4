// Two libraries in one process (docs/faq.md P1, P2, P5): each holds its own Session.
// The second one joins (100002 is not a failure), sees how the runtime's config differs from
// what it asked for, and the runtime stays up until the last Session is gone, whichever library
// shuts down first.
#include <acl/acl.hpp>
#include <acl/config.hpp>
#include <acl/runtime.hpp>

#include <cstdio>
#include <memory>
#include <optional>

namespace framework {  // "library A": initialises first, with its own config

std::unique_ptr<acl::Session> start() {
    const acl::Config config{.err_msg_mode = acl::ErrMsgMode::process,
                             .dump = acl::Dump{.path = "./", .scene = acl::DumpScene::aic_err_brief_dump}};
    auto session = std::make_unique<acl::Session>(config);
    std::printf("framework: %s the runtime\n", session->is_owner() ? "initialised" : "joined");
    return session;
}

}  // namespace framework

namespace plugin {  // "library B": loaded later, asks for a different config

void report_warning(const acl::JoinReport &report) noexcept {
    std::printf("plugin: warning, the runtime runs another config:\n");
    for (const acl::ConfigDifference &d : report.conflicts) {
        std::printf("    %s: asked %s, runtime has %s\n", d.pointer.c_str(), d.requested.c_str(),
                    d.effective.empty() ? "it unset (its default)" : d.effective.c_str());
    }
}

std::optional<acl::Session> start() {
    const acl::Config wanted{.err_msg_mode = acl::ErrMsgMode::thread, .max_opqueue_num = 10000u};

    // Strict: a join with a different config is an error naming the keys.
    try {
        acl::Session strict{wanted, acl::JoinPolicy::strict};
    } catch (const acl::Error &e) {
        std::printf("plugin (strict): %s\n", e.what());
    }

    // Warn: join anyway and report the differences.
    acl::set_join_warning_handler(&report_warning);
    std::optional<acl::Session> session;
    session.emplace(wanted, acl::JoinPolicy::warn);
    std::printf("plugin: %s the runtime (joined means aclInit returned 100002 and counted us)\n",
                session->is_owner() ? "initialised" : "joined");
    return session;
}

}  // namespace plugin

namespace {
void print_count(const char *when) {
    const acl::LifecycleState s = acl::lifecycle_state();
    std::printf("  [%s] references: %llu, initialised: %s\n", when, static_cast<unsigned long long>(s.ref_count),
                s.initialized ? "yes" : "no");
}
}  // namespace

int main() {
    try {
        auto a = framework::start();
        print_count("after the framework");
        auto b = plugin::start();
        print_count("after the plugin");

        a.reset();  // the framework shuts down first: the plugin's reference keeps the runtime up
        print_count("framework gone");
        acl::Device device = b->set_device(0);
        std::printf("plugin: still working on device %d\n", device.id());
        device.close();
        b->close();  // the last reference: teardown
        print_count("plugin gone");
    } catch (const acl::Error &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
