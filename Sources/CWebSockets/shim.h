#include <libwebsockets.h>

/// The room lws_write needs before a buffer's payload (LWS_PRE is a macro Swift cannot import).
static inline size_t fl_lws_pre(void) { return LWS_PRE; }
