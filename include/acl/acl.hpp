// acl/acl.hpp: what every file that holds the runtime needs, in one include: ScopedInit and
// Session, errors, devices, callback tokens and the version check. Three parts are opt-in,
// because each costs every translation unit that includes it more compile time than what it
// offers most of them (issue 7, target 5; bench/compile_time.py measures with and without):
//   <acl/config.hpp>   the typed acl.json builders (acl::Config, acl::StaticConfig, validation),
//   <acl/json.hpp>     acl::JsonValue and acl::effective_config(),
//   <acl/runtime.hpp>  the queries: lifecycle state (its durations need <chrono>), platform,
//                      config bytes.
// <acl/all.hpp> includes everything; fmt support stays in <acl/fmt.hpp>.
#pragma once

#include <acl/callback.hpp>
#include <acl/device.hpp>
#include <acl/error.hpp>
#include <acl/scoped_init.hpp>
#include <acl/session.hpp>
#include <acl/version_check.hpp>
