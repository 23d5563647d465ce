/**
 * better-auth hooks that act on one path of its own (the change of e-mail's) and leave every other
 * request, getSession's included, as it was: the one-statement session lookup may still answer for
 * better-auth with them installed (docs/decisions/0184-one-statement-session-lookup.md).
 */
export const PATH_SCOPED_HOOKS = new WeakSet<object>();
