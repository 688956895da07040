/* Ctrl-C while Lua runs: the signal handler only sets a flag and a hook on the registered state, and the hook
 * raises "interrupted!" inside Lua. */
#include "internal.h"
#include <signal.h>
#include <string.h>

static lua_State *volatile interrupt_state = NULL;
static volatile sig_atomic_t interrupted_flag = 0;

static void fl_interrupt_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    fl_resting_hook(L);
    interrupted_flag = 0;
    luaL_error(L, "interrupted!");
}

static void fl_sigint(int sig) {
    (void)sig;
    interrupted_flag = 1;
    if (interrupt_state != NULL)
        lua_sethook(interrupt_state, fl_interrupt_hook,
                    LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

void fl_set_interrupt_state(lua_State *L) { interrupt_state = L; }

static struct sigaction previous_action;

void fl_install_sigint(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = fl_sigint;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_action);
}

void fl_restore_sigint(void) { sigaction(SIGINT, &previous_action, NULL); }
int fl_interrupted(void) { return interrupted_flag != 0; }
void fl_clear_interrupt(void) {
    interrupted_flag = 0;
    if (interrupt_state != NULL) fl_resting_hook(interrupt_state);
}

void fl_forget_interrupt_state(lua_State *L) {
    if (interrupt_state == L) interrupt_state = NULL;
}
