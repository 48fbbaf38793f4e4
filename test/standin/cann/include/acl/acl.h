/* Stand-in for the toolkit's acl/acl.h (B-5), written by aclpp: like the real one it only
 * includes the runtime, operator and model headers, which declare everything. */
#ifndef ACLPP_STANDIN_ACL_ACL_H
#define ACLPP_STANDIN_ACL_ACL_H

#include "acl_mdl.h"
#include "acl_op.h"
#include "acl_rt.h"

#endif
