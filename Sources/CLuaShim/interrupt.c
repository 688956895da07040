/* Ctrl-C and the time limit's timer while Lua runs. A signal handler only sets a flag and the guard hook on the
 * state's main thread and on every coroutine being resumed (coroutine.resume and coroutine.wrap record them), and
 * the hook raises the error inside Lua. The first Ctrl-C puts back the default action, so a second one ends the
 * process as in the stock interpreter, even while a finalizer or a pcall loop keeps the first from ending the run. */
#include "internal.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static lua_State *volatile interrupt_state = NULL;
static volatile sig_atomic_t interrupted_flag = 0;
static volatile sig_atomic_t timed_out_flag = 0;
/* The thread that runs Lua: signals that arrive on another thread (the engine's workers) are sent on to it. */
static volatile pid_t lua_thread = 0;

/* The coroutines being resumed, outermost first (deeper ones than MAX_RUNNING are not recorded). */
#define MAX_RUNNING 256
static lua_State *volatile running[MAX_RUNNING];
static volatile int running_depth = 0;

static void alert_running(void) {
    if (interrupt_state != NULL) fl_alert(interrupt_state);
    int depth = running_depth < MAX_RUNNING ? running_depth : MAX_RUNNING;
    for (int i = 0; i < depth; i++)
        if (running[i] != NULL) fl_alert(running[i]);
}

static pid_t current_thread(void) { return (pid_t)syscall(SYS_gettid); }

/* Sends the signal on to the Lua thread when it arrived on another one; returns whether it did. */
static int forwarded(int sig) {
    pid_t target = lua_thread;
    if (target == 0 || current_thread() == target) return 0;
    syscall(SYS_tgkill, getpid(), target, sig);
    return 1;
}

/* Whether Ctrl-C keeps its handler after the first (fl_keep_sigint). */
static volatile sig_atomic_t keep_handler = 0;

static void fl_sigint(int sig) {
    if (forwarded(sig)) return;
    interrupted_flag = 1;
    if (!keep_handler) signal(SIGINT, SIG_DFL);
    alert_running();
}

void fl_set_interrupt_state(lua_State *L) {
    interrupt_state = L;
    lua_thread = current_thread();
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
int fl_interrupted(void) { return interrupted_flag != 0 || timed_out_flag != 0; }
void fl_clear_interrupt(void) {
    interrupted_flag = 0;
    if (interrupt_state != NULL) fl_resting_hook(interrupt_state);
}

int fl_take_interrupt(void) {
    if (!interrupted_flag) return 0;
    interrupted_flag = 0;
    return 1;
}

void fl_forget_interrupt_state(lua_State *L) {
    if (interrupt_state == L) interrupt_state = NULL;
}

/* ---- the time limit ---- */

static char timeout_message[96];
static char watchdog_message[256];
static size_t watchdog_length = 0;
/* Seconds the script has after the time limit to stop before the process ends (a finalizer or a host loop that
 * does not check may not stop by itself). */
#define GRACE_SECONDS 2

static void arm_timer(double seconds) {
    struct itimerval timer;
    memset(&timer, 0, sizeof timer);
    timer.it_value.tv_sec = (time_t)seconds;
    timer.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
    if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0) timer.it_value.tv_usec = 1;
    setitimer(ITIMER_REAL, &timer, NULL);
}

/* Where the watchdog's message goes: standard error, unless the host moved it (fl_set_watchdog_descriptor). */
static volatile int watchdog_descriptor = STDERR_FILENO;

void fl_set_watchdog_descriptor(int descriptor) {
    watchdog_descriptor = descriptor;
}

/* Ends the process with the watchdog's message and status 3. */
static void end_after_grace(void) {
    ssize_t ignored = write(watchdog_descriptor, watchdog_message, watchdog_length);
    (void)ignored;
    _exit(3);
}

/* Whether the watchdog thread runs; without it the timer's handler ends the process itself. */
static int watchdog_running = 0;
static struct timespec watchdog_delay;

/* Sleeps until the time limit plus the grace period, then ends the process. A thread, not the timer's signal, so it
 * happens even where the signal waits for a system call that a loop never makes (e.g. under ThreadSanitizer). */
static void *watchdog(void *unused) {
    (void)unused;
    struct timespec left = watchdog_delay;
    while (nanosleep(&left, &left) != 0 && errno == EINTR) {}
    end_after_grace();
    return NULL;
}

static void fl_sigalrm(int sig) {
    if (forwarded(sig)) return;
    if (!timed_out_flag) {
        timed_out_flag = 1;
        alert_running();
        if (!watchdog_running) arm_timer(GRACE_SECONDS);
        return;
    }
    end_after_grace();
}

/* Records `L` as the state the limit stops, writes the limit's messages (`what` names the run: the script, the
 * chunk) and takes SIGALRM. */
static void prepare_time_limit(lua_State *L, double seconds, const char *what) {
    fl_set_interrupt_state(L);
    snprintf(timeout_message, sizeof timeout_message, "time limit of %g s reached", seconds);
    snprintf(watchdog_message, sizeof watchdog_message,
             "forcelab: %s, and %s did not stop within %d s more (a finalizer or a long host operation "
             "does not check the limit); the process ends\n", timeout_message, what, GRACE_SECONDS);
    watchdog_length = strlen(watchdog_message);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = fl_sigalrm;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGALRM, &action, NULL);
}

void fl_start_timer(lua_State *L, double seconds) {
    prepare_time_limit(L, seconds, "the script");
    double total = seconds + GRACE_SECONDS;
    watchdog_delay.tv_sec = (time_t)total;
    watchdog_delay.tv_nsec = (long)((total - (double)(time_t)total) * 1e9);
    pthread_attr_t attributes;
    pthread_t thread;
    if (pthread_attr_init(&attributes) == 0) {
        /* The thread starts with every signal blocked, so Ctrl-C and the timer go to the threads that handle them. */
        sigset_t all, previous;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &previous);
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        watchdog_running = pthread_create(&thread, &attributes, watchdog, NULL) == 0;
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
        pthread_attr_destroy(&attributes);
    }
    arm_timer(seconds);
}

/* ---- the time limit of one chunk ---- */

static pthread_mutex_t cell_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cell_changed = PTHREAD_COND_INITIALIZER;
/* When the running chunk's grace ends (CLOCK_MONOTONIC), and whether a chunk's limit is armed. */
static struct timespec cell_deadline;
static int cell_armed = 0, cell_watchdog_started = 0;

/* Waits for each armed chunk's deadline; when one passes while still armed, ends the process. */
static void *cell_watchdog(void *unused) {
    (void)unused;
    pthread_mutex_lock(&cell_lock);
    for (;;) {
        if (!cell_armed) {
            pthread_cond_wait(&cell_changed, &cell_lock);
            continue;
        }
        struct timespec deadline = cell_deadline;
        if (pthread_cond_timedwait(&cell_changed, &cell_lock, &deadline) == ETIMEDOUT && cell_armed) {
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            if (now.tv_sec > cell_deadline.tv_sec ||
                (now.tv_sec == cell_deadline.tv_sec && now.tv_nsec >= cell_deadline.tv_nsec))
                end_after_grace();
        }
    }
    return NULL;
}

void fl_start_cell_timer(lua_State *L, double seconds) {
    prepare_time_limit(L, seconds, "the chunk");
    pthread_mutex_lock(&cell_lock);
    if (!cell_watchdog_started) {
        pthread_condattr_t clock;
        pthread_condattr_init(&clock);
        pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
        pthread_cond_destroy(&cell_changed);
        pthread_cond_init(&cell_changed, &clock);
        pthread_condattr_destroy(&clock);
        sigset_t all, previous;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &previous);
        pthread_t thread;
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        cell_watchdog_started = pthread_create(&thread, &attributes, cell_watchdog, NULL) == 0;
        watchdog_running = cell_watchdog_started;
        pthread_attr_destroy(&attributes);
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
    }
    double total = seconds + GRACE_SECONDS;
    clock_gettime(CLOCK_MONOTONIC, &cell_deadline);
    cell_deadline.tv_sec += (time_t)total;
    cell_deadline.tv_nsec += (long)((total - (double)(time_t)total) * 1e9);
    if (cell_deadline.tv_nsec >= 1000000000L) {
        cell_deadline.tv_sec += 1;
        cell_deadline.tv_nsec -= 1000000000L;
    }
    cell_armed = 1;
    pthread_cond_signal(&cell_changed);
    pthread_mutex_unlock(&cell_lock);
    timed_out_flag = 0;
    arm_timer(seconds);
}

void fl_stop_cell_timer(lua_State *L) {
    struct itimerval off;
    memset(&off, 0, sizeof off);
    setitimer(ITIMER_REAL, &off, NULL);
    pthread_mutex_lock(&cell_lock);
    cell_armed = 0;
    pthread_cond_signal(&cell_changed);
    pthread_mutex_unlock(&cell_lock);
    timed_out_flag = 0;
    fl_forget_time_limit(L);
}

int fl_timed_out(void) { return timed_out_flag != 0; }
const char *fl_timeout_message(void) { return timeout_message; }

/* ---- coroutines that run ---- */

/* Records `co` as running while `call` resumes it. */
static int resume_recorded(lua_State *L, lua_State *co, int nargs, int nresults) {
    if (interrupted_flag || fl_limit_reached(L) != NULL) fl_alert(co);
    else fl_resting_hook(co);
    int depth = running_depth;
    if (depth < MAX_RUNNING) running[depth] = co;
    running_depth = depth + 1;
    int status = lua_pcall(L, nargs, nresults, 0);
    running_depth = depth;
    if (depth < MAX_RUNNING) running[depth] = NULL;
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
