/* Ctrl-C and the time limits while Lua runs, each kept by the state it stops (its fl_alloc_state): a signal
 * handler only sets that state's flag and the guard hook on its main thread and on every coroutine of it being
 * resumed (coroutine.resume and coroutine.wrap record them), and the hook raises the error inside Lua.
 *
 * Ctrl-C reaches one state, the session's (fl_set_interrupt_state: the script's, the REPL's or the kernel's state,
 * whichever runs at the terminal), or, with none, the process (fl_interrupted(NULL)). The first Ctrl-C puts back
 * the default action, so a second one ends the process as in the stock interpreter, even while a finalizer or a
 * pcall loop keeps the first from ending the run.
 *
 * Each state's time limit is an entry in one clock's table: the clock, a thread of its own, sleeps until the
 * earliest deadline, marks the state that reached it and sends SIGALRM to the thread that armed it, whose handler
 * alerts the states of that thread that reached their limits, and no other; a state still running its grace period
 * later ends the process. A state is closed on the thread that armed it (its entry then names no thread to alert it). */
#define _GNU_SOURCE /* pthread_sigqueue */
#include "internal.h"
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Sets the guard hook of `st`'s main thread and of its coroutines being resumed. Async-signal-safe. */
static void alert_state(fl_alloc_state *st) {
    fl_alert(st->main_thread);
    int depth = st->running_depth < FL_MAX_RUNNING ? st->running_depth : FL_MAX_RUNNING;
    for (int i = 0; i < depth; i++)
        if (st->running[i] != NULL) fl_alert(st->running[i]);
}

/* ---- Ctrl-C ---- */

/* The state Ctrl-C reaches (NULL: none) and a Ctrl-C that came while none did. */
static fl_alloc_state *volatile interrupt_target = NULL;
static volatile sig_atomic_t unclaimed_interrupt = 0;
/* The thread that runs the state Ctrl-C reaches: a SIGINT that arrives on another thread (the engine's workers) is
 * sent on to it. */
static volatile pid_t interrupt_thread = 0;

static pid_t current_thread(void) { return (pid_t)syscall(SYS_gettid); }

/* Sends the signal on to the interrupted state's thread when it arrived on another one; returns whether it did. */
static int forwarded(int sig) {
    pid_t target = interrupt_thread;
    if (target == 0 || current_thread() == target) return 0;
    syscall(SYS_tgkill, getpid(), target, sig);
    return 1;
}

/* Whether Ctrl-C keeps its handler after the first (fl_keep_sigint). */
static volatile sig_atomic_t keep_handler = 0;

static void fl_sigint(int sig) {
    if (forwarded(sig)) return;
    fl_alloc_state *st = interrupt_target;
    if (st != NULL) {
        st->interrupted = 1;
        alert_state(st);
    } else {
        unclaimed_interrupt = 1;
    }
    if (!keep_handler) signal(SIGINT, SIG_DFL);
}

void fl_set_interrupt_state(lua_State *L) {
    /* Ordered so that a SIGINT landing between the two stores never alerts a state from a thread not its own: the
     * thread is named before its state is, and the state is cleared before its thread is. */
    if (L == NULL) {
        interrupt_target = NULL;
        interrupt_thread = 0;
    } else {
        interrupt_thread = current_thread();
        interrupt_target = fl_state_of(L);
    }
}

static struct sigaction previous_action;

void fl_install_sigint(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = fl_sigint;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_action);
}

void fl_rearm_sigint(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = fl_sigint;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
}

void fl_keep_sigint(int keep) { keep_handler = keep != 0; }

void fl_restore_sigint(void) { sigaction(SIGINT, &previous_action, NULL); }

/* The state fl_interrupted and fl_clear_interrupt mean: `L`'s, or with NULL the one Ctrl-C reaches (NULL if none). */
static fl_alloc_state *meant(lua_State *L) { return L != NULL ? fl_state_of(L) : interrupt_target; }

int fl_interrupted(lua_State *L) {
    fl_alloc_state *st = meant(L);
    if (st == NULL) return unclaimed_interrupt != 0;
    return st->interrupted != 0 || st->timed_out != 0;
}

void fl_clear_interrupt(lua_State *L) {
    fl_alloc_state *st = meant(L);
    if (st == NULL) {
        unclaimed_interrupt = 0;
        return;
    }
    st->interrupted = 0;
    fl_resting_hook(st->main_thread);
}

int fl_take_interrupt(fl_alloc_state *st) {
    if (!st->interrupted) return 0;
    st->interrupted = 0;
    return 1;
}

/* ---- the time limits ---- */

/* Seconds a state has after its time limit to stop before the process ends (a finalizer or a host loop that does
 * not check may not stop by itself). */
#define GRACE_SECONDS 2
/* How many states may have a time limit armed at once. */
#define MAX_TIMERS 64

/* One armed time limit in the clock's table. */
typedef struct {
    _Atomic(fl_alloc_state *) st; /* NULL: the entry is free; set last when armed, read by the SIGALRM handler */
    atomic_int thread_id;         /* the kernel's id of the thread that armed it, for the handler to compare */
    pthread_t thread;             /* that thread, which its SIGALRM goes to (the clock's alone reads it) */
    struct timespec limit_at;    /* CLOCK_MONOTONIC: when the limit is reached */
    struct timespec end_at;      /* and when its grace ends */
    char watchdog_message[256];
    size_t watchdog_length;
} clock_entry;

static clock_entry clock_table[MAX_TIMERS];
static pthread_mutex_t clock_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t clock_changed;
static pthread_once_t clock_once = PTHREAD_ONCE_INIT;
static int clock_running = 0;

/* Where the watchdog's message goes: standard error, unless the host moved it (fl_set_watchdog_descriptor). */
static volatile int watchdog_descriptor = STDERR_FILENO;

void fl_set_watchdog_descriptor(int descriptor) {
    watchdog_descriptor = descriptor;
}

static int earlier(struct timespec a, struct timespec b) {
    return a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

static struct timespec after(struct timespec from, double seconds) {
    from.tv_sec += (time_t)seconds;
    from.tv_nsec += (long)((seconds - (double)(time_t)seconds) * 1e9);
    if (from.tv_nsec >= 1000000000L) {
        from.tv_sec += 1;
        from.tv_nsec -= 1000000000L;
    }
    return from;
}

/* SIGALRM from the clock: alerts every state armed on this thread that reached its limit. SIGALRM is not queued:
 * two sent to one thread before it takes the first are one, so the signal cannot say which state it is for. Only
 * this thread arms, disarms and closes its states, so one found here stays alive while the handler runs; an entry
 * another thread takes meanwhile shows that thread's id (stored before `st`). Any other SIGALRM is ignored. */
static void fl_sigalrm(int sig, siginfo_t *info, void *context) {
    (void)sig;
    (void)context;
    if (info == NULL || info->si_code != SI_QUEUE) return;
    int self = (int)current_thread();
    for (int i = 0; i < MAX_TIMERS; i++) {
        clock_entry *entry = &clock_table[i];
        fl_alloc_state *st = atomic_load_explicit(&entry->st, memory_order_acquire);
        if (st != NULL && atomic_load_explicit(&entry->thread_id, memory_order_relaxed) == self && st->timed_out)
            alert_state(st);
    }
}

/* The clock: marks each state whose limit has passed and alerts it; ends the process when one's grace ends. */
static void *clock_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&clock_lock);
    for (;;) {
        struct timespec now, next = {0, 0};
        int waiting = 0;
        clock_gettime(CLOCK_MONOTONIC, &now);
        for (int i = 0; i < MAX_TIMERS; i++) {
            clock_entry *entry = &clock_table[i];
            fl_alloc_state *st = atomic_load_explicit(&entry->st, memory_order_relaxed);
            if (st == NULL) continue;
            if (!st->timed_out && !earlier(now, entry->limit_at)) {
                st->timed_out = 1;
                pthread_sigqueue(entry->thread, SIGALRM, (union sigval){.sival_int = 0});
            }
            if (!earlier(now, entry->end_at)) {
                ssize_t ignored = write(watchdog_descriptor, entry->watchdog_message, entry->watchdog_length);
                (void)ignored;
                _exit(3);
            }
            struct timespec due = st->timed_out ? entry->end_at : entry->limit_at;
            if (!waiting || earlier(due, next)) next = due;
            waiting = 1;
        }
        if (waiting) pthread_cond_timedwait(&clock_changed, &clock_lock, &next);
        else pthread_cond_wait(&clock_changed, &clock_lock);
    }
    return NULL;
}

/* Starts the clock's thread (with every signal blocked, so Ctrl-C and SIGALRM go to the threads that run Lua) and
 * takes SIGALRM. */
static void start_clock(void) {
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&clock_changed, &attributes);
    pthread_condattr_destroy(&attributes);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = fl_sigalrm;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGALRM, &action, NULL);
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_t thread;
    pthread_attr_t thread_attributes;
    pthread_attr_init(&thread_attributes);
    pthread_attr_setdetachstate(&thread_attributes, PTHREAD_CREATE_DETACHED);
    clock_running = pthread_create(&thread, &thread_attributes, clock_main, NULL) == 0;
    pthread_attr_destroy(&thread_attributes);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

/* Arms `L`'s time limit of `seconds` from now (`what` names the run in the watchdog's message: the script, the
 * chunk), reached or not before; returns 0, or -1 when the clock cannot run or its table is full. */
static int arm_time_limit(lua_State *L, double seconds, const char *what) {
    pthread_once(&clock_once, start_clock);
    if (!clock_running) return -1;
    fl_alloc_state *st = fl_state_of(L);
    pthread_mutex_lock(&clock_lock);
    int index = st->timer_slot;
    for (int i = 0; index < 0 && i < MAX_TIMERS; i++)
        if (atomic_load_explicit(&clock_table[i].st, memory_order_relaxed) == NULL) index = i;
    if (index < 0) {
        pthread_mutex_unlock(&clock_lock);
        return -1;
    }
    clock_entry *entry = &clock_table[index];
    snprintf(st->timeout_message, sizeof st->timeout_message, "time limit of %g s reached", seconds);
    snprintf(entry->watchdog_message, sizeof entry->watchdog_message,
             "forcelab: %s, and %s did not stop within %d s more (a finalizer or a long host operation "
             "does not check the limit); the process ends\n", st->timeout_message, what, GRACE_SECONDS);
    entry->watchdog_length = strlen(entry->watchdog_message);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    entry->limit_at = after(now, seconds);
    entry->end_at = after(now, seconds + GRACE_SECONDS);
    entry->thread = pthread_self();
    atomic_store_explicit(&entry->thread_id, (int)current_thread(), memory_order_relaxed);
    st->timed_out = 0;
    st->timer_slot = index;
    atomic_store_explicit(&entry->st, st, memory_order_release);
    pthread_cond_signal(&clock_changed);
    pthread_mutex_unlock(&clock_lock);
    return 0;
}

/* Disarms `L`'s time limit, if armed, and forgets having reached it. */
static void disarm_time_limit(lua_State *L) {
    fl_alloc_state *st = fl_state_of(L);
    if (st->timer_slot < 0) return;
    pthread_mutex_lock(&clock_lock);
    atomic_store_explicit(&clock_table[st->timer_slot].st, NULL, memory_order_relaxed);
    st->timer_slot = -1;
    st->timed_out = 0;
    pthread_cond_signal(&clock_changed);
    pthread_mutex_unlock(&clock_lock);
}

int fl_start_timer(lua_State *L, double seconds) { return arm_time_limit(L, seconds, "the script"); }

int fl_start_cell_timer(lua_State *L, double seconds) { return arm_time_limit(L, seconds, "the chunk"); }

void fl_stop_cell_timer(lua_State *L) {
    disarm_time_limit(L);
    fl_forget_time_limit(L);
}

double fl_time_left(lua_State *L) {
    fl_alloc_state *st = fl_state_of(L);
    if (st->timer_slot < 0) return -1;
    if (st->timed_out) return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&clock_lock);
    struct timespec limit = clock_table[st->timer_slot].limit_at;
    pthread_mutex_unlock(&clock_lock);
    double left = (double)(limit.tv_sec - now.tv_sec) + (double)(limit.tv_nsec - now.tv_nsec) * 1e-9;
    return left > 0 ? left : 0;
}

void fl_forget_interrupt_state(lua_State *L) {
    fl_alloc_state *st = fl_state_of(L);
    if (interrupt_target == st) fl_set_interrupt_state(NULL);
    disarm_time_limit(L);
}

/* ---- coroutines that run ---- */

/* Records `co` as running while `call` resumes it. */
static int resume_recorded(lua_State *L, lua_State *co, int nargs, int nresults) {
    fl_alloc_state *st = fl_state_of(L);
    if (st->interrupted || fl_limit_reached(L) != NULL) fl_alert(co);
    else fl_resting_hook(co);
    int depth = st->running_depth;
    if (depth < FL_MAX_RUNNING) st->running[depth] = co;
    st->running_depth = depth + 1;
    int status = lua_pcall(L, nargs, nresults, 0);
    st->running_depth = depth;
    if (depth < FL_MAX_RUNNING) st->running[depth] = NULL;
    return status;
}

/* coroutine.resume(co, ...): the library's (upvalue 1) with `co` recorded. */
static int tracked_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    if (resume_recorded(L, co, lua_gettop(L) - 1, LUA_MULTRET) != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

/* The function coroutine.wrap returns: the library's (upvalue 1) with its coroutine (upvalue 2) recorded. */
static int tracked_wrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    int status = resume_recorded(L, co, lua_gettop(L) - 1, LUA_MULTRET);
    if (status == LUA_OK) return lua_gettop(L);
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        /* The library's wrapper names its caller's place, which is this C function: name ours instead. */
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* coroutine.wrap(f): the library's (upvalue 1) wrapping, with its coroutine recorded when it runs. */
static int tracked_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 1, 1);
    lua_getupvalue(L, 1, 1);
    lua_pushcclosure(L, tracked_wrapped, 2);
    return 1;
}

void fl_track_coroutines(lua_State *L) {
    if (lua_getglobal(L, "coroutine") == LUA_TTABLE) {
        lua_getfield(L, -1, "resume");
        lua_pushcclosure(L, tracked_resume, 1);
        lua_setfield(L, -2, "resume");
        lua_getfield(L, -1, "wrap");
        lua_pushcclosure(L, tracked_wrap, 1);
        lua_setfield(L, -2, "wrap");
    }
    lua_pop(L, 1);
}
