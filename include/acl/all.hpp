// acl/all.hpp: every header of the C++ layer: <acl/acl.hpp> plus the typed config builders
// (<acl/config.hpp>), JSON values (<acl/json.hpp>) and the runtime queries (<acl/runtime.hpp>).
// fmt support stays in <acl/fmt.hpp>.
#pragma once

#include <acl/acl.hpp>
#include <acl/config.hpp>
#include <acl/json.hpp>
#include <acl/runtime.hpp>
