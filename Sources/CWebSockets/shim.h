// libwebsockets.h includes glibc's headers in a context of its own; a build with _FORTIFY_SOURCE (scripts/package)
// would give glibc's fortified inline functions a second definition here, which clang's modules refuse.
#undef _FORTIFY_SOURCE
#include <libwebsockets.h>

/// The room lws_write needs before a buffer's payload (LWS_PRE is a macro Swift cannot import).
static inline size_t fl_lws_pre(void) { return LWS_PRE; }
