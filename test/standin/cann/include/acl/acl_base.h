/* Stand-in for the toolkit's acl/acl_base.h (B-5): the base types and codes, from the files the
 * real one includes, with the same spellings ("acl/..." needs <toolkit>/include on the path). */
#ifndef ACLPP_STANDIN_ACL_ACL_BASE_H
#define ACLPP_STANDIN_ACL_ACL_BASE_H

#include "acl/acl_base_mdl.h"
#include "acl/acl_base_rt.h"
#include "error_codes/ge_error_codes.h"
#include "error_codes/rt_error_codes.h"

#endif
