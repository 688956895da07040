/* Limits the host enforces: instructions counted by a hook on every coroutine, the Lua heap and the process's
 * resident memory, the time limit (interrupt.c's clock sets it), and the check the host's own long loops call. */
#include "internal.h"
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/resource.h>

/* Instructions between two runs of the guard hook while it rests. */
#define GUARD_COUNT 1000

static double monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* The process's size in pages from /proc/self/statm: field 0 is the virtual size, field 1 the resident set
   (0 when /proc cannot tell). */
static size_t statm_bytes(int field) {
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[128];
    ssize_t length = read(fd, text, sizeof text - 1);
    close(fd);
    if (length <= 0) return 0;
    text[length] = '\0';
    unsigned long long pages[2] = {0, 0};
    if (sscanf(text, "%llu %llu", &pages[0], &pages[1]) != 2) return 0;
    return (size_t)pages[field] * (size_t)sysconf(_SC_PAGESIZE);
}

size_t fl_resident_bytes(void) {
    return statm_bytes(1);
}

/* The process's virtual size in bytes (0 when /proc cannot tell). */
static size_t virtual_bytes(void) {
    return statm_bytes(0);
}

/* The address-space limit (ulimit -v) in bytes, 0 when there is none. */
static size_t address_space_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 0;
    return (size_t)limit.rlim_cur;
}

/* A field of /proc/meminfo in bytes, or `fallback` when it cannot be read. */
static size_t meminfo_bytes(const char *field, size_t fallback) {
    FILE *file = fopen("/proc/meminfo", "re");
    if (file == NULL) return fallback;
    char line[256];
    size_t result = fallback, name_length = strlen(field);
    while (fgets(line, sizeof line, file) != NULL) {
        unsigned long long kilobytes = 0;
        if (strncmp(line, field, name_length) == 0 && line[name_length] == ':' &&
            sscanf(line + name_length + 1, "%llu", &kilobytes) == 1) {
            result = (size_t)kilobytes * 1024;
            break;
        }
    }
    fclose(file);
    return result;
}

/* What the machine can still give: available memory and free swap (SIZE_MAX when /proc cannot tell). */
static size_t machine_available_bytes(void) {
    size_t available = meminfo_bytes("MemAvailable", SIZE_MAX);
    return available == SIZE_MAX ? SIZE_MAX : available + meminfo_bytes("SwapFree", 0);
}

static size_t machine_total_bytes(void) { return meminfo_bytes("MemTotal", 0); }

static const char *memory_message(fl_alloc_state *st, const char *what, size_t limit) {
    if (limit % (1 << 20) == 0)
        snprintf(st->message, sizeof st->message, "not enough memory: the limit of %llu MiB was reached%s",
                 (unsigned long long)(limit >> 20), what);
    else
        snprintf(st->message, sizeof st->message, "not enough memory: the limit of %llu bytes was reached%s",
                 (unsigned long long)limit, what);
    return st->message;
}

/* The message of the first limit reached, or NULL. Time and instructions are sticky (every later check fails
 * again, so a pcall cannot carry on); memory is reached again for as long as too much is in use. */
static const char *check_limits(fl_alloc_state *st) {
    if (st->reached != NULL) return st->reached;
    if (st->timed_out) return st->reached = st->timeout_message;
    if (st->max_instructions != 0 && st->instructions > st->max_instructions) {
        snprintf(st->message, sizeof st->message, "instruction limit of %lld reached", st->max_instructions);
        return st->reached = st->message;
    }
    if (st->soft != 0 && st->used > st->soft) return memory_message(st, "", st->soft);
    double now = monotonic_seconds();
    if (now >= st->next_resident_check) {
        st->next_resident_check = now + 0.01;
        if (st->max_resident != 0 && fl_resident_bytes() > st->max_resident)
            return memory_message(st, " (the process as a whole grew by more than twice the limit)", st->soft);
        /* The system's bounds too: the host's own Swift allocations end the process with a signal when refused,
           and a growing array asks for twice what it holds, so a loop stops once half the address space (ulimit -v)
           is used, or when the machine has less left than 64 MiB and half of what the process holds. */
        size_t address_limit = address_space_limit();
        if (address_limit != 0 && virtual_bytes() > address_limit / 2)
            return memory_message(st, " (half the address-space limit, ulimit -v, is used)", address_limit);
        if (machine_available_bytes() < ((size_t)64 << 20) + fl_resident_bytes() / 2)
            return memory_message(st, " (the machine's memory is nearly exhausted)", machine_total_bytes());
    }
    return NULL;
}

void fl_resting_hook(lua_State *L) {
    fl_alloc_state *st = fl_state_of(L);
    if (fl_limit_reached(L) != NULL) fl_alert(L);
    else if (st->soft != 0 || st->max_instructions != 0 || st->max_resident != 0)
        lua_sethook(L, fl_guard_hook, LUA_MASKCOUNT, GUARD_COUNT);
    else lua_sethook(L, NULL, 0, 0);
}

void fl_alert(lua_State *L) {
    lua_sethook(L, fl_guard_hook, LUA_MASKCOUNT, 1);
}

void fl_guard_hook(lua_State *L, lua_Debug *ar) {
    fl_alloc_state *st = fl_state_of(L);
    if (ar->event == LUA_HOOKCOUNT) st->instructions += lua_gethookcount(L);
    const char *message = check_limits(st);
    if (message != NULL && st->reached == message) {
        /* named at the place the script was (level 0: a hook has no frame of its own) */
        fl_alert(L);
        luaL_where(L, 0);
        lua_pushstring(L, message);
        lua_concat(L, 2);
        lua_error(L);
    }
    if (message == NULL && fl_take_interrupt(st)) message = "interrupted!";
    if (lua_gethookcount(L) != GUARD_COUNT) fl_resting_hook(L);
    if (message != NULL) luaL_error(L, "%s", message);
}

const char *fl_limits_exceeded(lua_State *L, long long cost) {
    fl_alloc_state *st = fl_state_of(L);
    st->instructions += cost;
    const char *message = check_limits(st);
    if (message != NULL && st->reached == message) fl_alert(L);
    if (message == NULL && fl_take_interrupt(st)) message = "interrupted!";
    return message;
}

const char *fl_limit_reached(lua_State *L) {
    fl_alloc_state *st = fl_state_of(L);
    if (st->reached == NULL && st->timed_out) st->reached = st->timeout_message;
    return st->reached;
}

void fl_forget_time_limit(lua_State *L) {
    fl_alloc_state *st = fl_state_of(L);
    if (st->reached == st->timeout_message) st->reached = NULL;
    fl_resting_hook(L);
}

static int refuse_sethook(lua_State *L) {
    return luaL_error(L, "debug.sethook is not available while an instruction or memory limit is set "
                         "(it would turn the limit off)");
}

void fl_guard_debug_sethook(lua_State *L) {
    fl_alloc_state *st = fl_state_of(L);
    if (st->soft == 0 && st->max_instructions == 0 && st->max_resident == 0) return;
    if (lua_getglobal(L, "debug") == LUA_TTABLE) {
        lua_pushcfunction(L, refuse_sethook);
        lua_setfield(L, -2, "sethook");
    }
    lua_pop(L, 1);
}
