/* Declarations the C files of CLuaShim share; not part of the module's interface. */
#ifndef FORCELAB_CLUASHIM_INTERNAL_H
#define FORCELAB_CLUASHIM_INTERNAL_H

#include "CLuaShim.h"
#include <signal.h>
#include <stdatomic.h>

/* Coroutines deeper than this in one state's resumes are not recorded (Ctrl-C and the timer reach the outer ones). */
#define FL_MAX_RUNNING 256

/* What the allocator and the limits keep for one state (the allocator's user data). The fields a signal handler
 * writes or reads are volatile; each state has its own, so two states in one process keep their own limits. */
typedef struct {
    size_t used;                /* bytes of Lua heap in use */
    size_t soft;                /* the Lua heap limit checked by the guard hook (0 = none) */
    size_t hard;                /* the cap the allocator enforces while Lua code runs (0 = none) */
    int swift_depth;            /* how deep in Swift frames the host is */
    long long max_instructions; /* 0 = none */
    long long instructions;     /* counted by the guard hook and charged by the host's loops */
    size_t max_resident;        /* the process's resident memory budget in bytes (0 = none) */
    double next_resident_check; /* monotonic seconds */
    const char *reached;        /* the message of a time or instruction limit reached (sticky), or NULL */
    long long binary_chunks;    /* binary chunks a loader refused (see fl_binary_chunks_refused) */
    char message[200];          /* storage for `reached` and for the memory message */
    lua_State *main_thread;     /* the state's main thread, which an alert reaches with the coroutines running */
    volatile sig_atomic_t interrupted; /* a Ctrl-C that reached this state and has not yet been raised */
    atomic_int timed_out;       /* this state's time limit has passed (set by the clock's thread, interrupt.c) */
    int timer_slot;             /* this state's entry in the clock's table while its time limit is armed, else -1 */
    char timeout_message[96];   /* "time limit of N s reached" */
    lua_State *volatile running[FL_MAX_RUNNING]; /* the coroutines being resumed, outermost first */
    volatile int running_depth;
} fl_alloc_state;

/* The allocator's state of `L`. */
fl_alloc_state *fl_state_of(lua_State *L);
/* Sets how deep in Swift frames the host is (the allocator's hard cap applies only at depth 0); returns the
 * previous depth. */
int fl_swift_depth(lua_State *L, int depth);
/* lua_pcall with the allocator's cap in force for the Lua it runs (see fl_enter_swift). */
int fl_protected_call(lua_State *L, int nargs, int nresults, int handler);
/* Calls the C function `f` protected with `pointer` (as a light userdata) and the `nargs` values on top of the stack
 * as its arguments. `f` takes the pointer with fl_host_pointer: a script that got hold of `f` (debug.getinfo on a
 * frame) can then only call it while the host's own call runs, with the host's pointer. Returns the Lua status. */
int fl_call_host(lua_State *L, lua_CFunction f, void *pointer, int nargs, int nresults);
/* Argument 1 of the running helper `self`, when the host passed it through fl_call_host; else raises an error. */
void *fl_host_pointer(lua_State *L, lua_CFunction self);
/* Makes the debug library keep away from the host's state (debug.c). */
void fl_guard_debug(lua_State *L);
/* Installs the hook that runs while nothing is pending: the guard hook counting instructions and checking memory
 * when such a limit is set, or none. */
void fl_resting_hook(lua_State *L);
/* Sets the guard hook to run at the next Lua instruction of `L` (Ctrl-C, the timer, a limit reached); it raises only
 * in Lua code, never inside a C function such as the traceback handler. Async-signal-safe. */
void fl_alert(lua_State *L);
/* The guard hook: checks Ctrl-C, the time limit, instructions and memory, and raises when one calls for it. */
void fl_guard_hook(lua_State *L, lua_Debug *ar);
/* Forgets that the time limit was reached, so the next chunk may run (fl_stop_cell_timer). */
void fl_forget_time_limit(lua_State *L);
/* A Ctrl-C pending for the state `st`: takes it (clearing it) and returns 1, or returns 0. */
int fl_take_interrupt(fl_alloc_state *st);
/* Forgets a state being closed: Ctrl-C no longer reaches it and its time limit is disarmed. */
void fl_forget_interrupt_state(lua_State *L);
/* Replaces coroutine.resume and coroutine.wrap with versions that record the running coroutines, so Ctrl-C and
 * the timer reach the coroutine that runs (standard library tables on the stack: none). */
void fl_track_coroutines(lua_State *L);

/* The process's resident memory in bytes (0 when /proc cannot be read). */
size_t fl_resident_bytes(void);
/* Replaces debug.sethook with a refusal when an instruction or memory limit is set. */
void fl_guard_debug_sethook(lua_State *L);
/* Replaces string.find, match, gmatch and gsub with matchers that charge their steps to the limits, and wraps
 * collectgarbage to charge each collection (patterns.c). */
void fl_guard_string_matching(lua_State *L);

#endif
