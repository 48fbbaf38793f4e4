// acl/acl.hpp: the umbrella header of the C++20 layer. It only includes the per-concept headers
// (fmt support stays opt-in in <acl/fmt.hpp>).
#pragma once

#include <acl/callback.hpp>
#include <acl/config.hpp>
#include <acl/device.hpp>
#include <acl/error.hpp>
#include <acl/json.hpp>
#include <acl/runtime.hpp>
#include <acl/scoped_init.hpp>
#include <acl/session.hpp>
#include <acl/version_check.hpp>
