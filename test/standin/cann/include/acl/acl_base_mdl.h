/* Stand-in (B-5): in the runtime toolkit this header is an empty placeholder; the package that
 * has this API replaces it. aclpp uses none of it. */
