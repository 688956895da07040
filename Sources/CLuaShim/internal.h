/* Declarations the C files of CLuaShim share; not part of the module's interface. */
#ifndef FORCELAB_CLUASHIM_INTERNAL_H
#define FORCELAB_CLUASHIM_INTERNAL_H

#include "CLuaShim.h"

/* Sets how deep in Swift frames the host is (the allocator's hard cap applies only at depth 0); returns the
 * previous depth. */
int fl_swift_depth(lua_State *L, int depth);
/* lua_pcall with the allocator's cap in force for the Lua it runs (see fl_enter_swift). */
int fl_protected_call(lua_State *L, int nargs, int nresults, int handler);
/* Installs the hook that runs while no interrupt is pending (the memory check, or none). */
void fl_resting_hook(lua_State *L);
/* Forgets a state being closed, if it is the one Ctrl-C interrupts. */
void fl_forget_interrupt_state(lua_State *L);

#endif
