/* string.find, string.match, string.gmatch and string.gsub with Lua 5.4's pattern semantics (the reference
 * manual, section 6.4.1), written for forcelab so that matching answers to the run's limits: the stock matcher
 * runs in C with no hook, so a backtracking pattern (("a*"):rep(20) .. "b" against 30 a's) ran on past
 * --max-instructions, --timeout's grace and Ctrl-C. Here every step of the matcher (an attempt at a pattern
 * item, a character taken by a repetition) is counted, and every STEP_BATCH steps the count is charged as
 * instructions to fl_limits_exceeded, which raises the limit's error (or "interrupted!") as Lua code would.
 * collectgarbage is wrapped so that each full collection is charged by the size of the heap it walks. */
#include "internal.h"
#include <ctype.h>
#include <string.h>

#define MAX_CAPTURES 32     /* LUA_MAXCAPTURES */
#define MAX_DEPTH 200       /* nesting of the matcher's recursion before "pattern too complex" (MAXCCALLS) */
#define STEP_BATCH 4096     /* steps between two checks of the limits */
#define CAPTURE_OPEN (-1)   /* a capture whose ')' is not reached yet */
#define CAPTURE_POSITION (-2) /* a position capture, () */

typedef struct {
    const char *text;       /* the subject */
    const char *text_end;
    const char *pattern_end;
    lua_State *L;
    int depth;              /* recursion left */
    int level;              /* captures started */
    long steps;             /* steps since the last check */
    struct { const char *start; ptrdiff_t length; } captures[MAX_CAPTURES];
} matcher;

static const char *match(matcher *m, const char *s, const char *p);

/* Counts one step; charges a batch to the limits, raising the limit's error. */
static void step(matcher *m) {
    if (++m->steps < STEP_BATCH) return;
    const char *message = fl_limits_exceeded(m->L, m->steps);
    m->steps = 0;
    if (message != NULL) luaL_error(m->L, "%s", message);
}

/* Charges what is left of the steps (the end of a call). */
static void settle(matcher *m) {
    if (m->steps == 0) return;
    const char *message = fl_limits_exceeded(m->L, m->steps);
    m->steps = 0;
    if (message != NULL) luaL_error(m->L, "%s", message);
}

/* Whether character c is in class letter `kind` (%a, %d...; upper case complements; another letter is itself). */
static int in_class(int c, int kind) {
    int yes;
    switch (tolower(kind)) {
        case 'a': yes = isalpha(c); break;
        case 'c': yes = iscntrl(c); break;
        case 'd': yes = isdigit(c); break;
        case 'g': yes = isgraph(c); break;
        case 'l': yes = islower(c); break;
        case 'p': yes = ispunct(c); break;
        case 's': yes = isspace(c); break;
        case 'u': yes = isupper(c); break;
        case 'w': yes = isalnum(c); break;
        case 'x': yes = isxdigit(c); break;
        case 'z': yes = (c == 0); break; /* the NUL byte: deprecated since Lua 5.2, still matched by 5.4 */
        default: return kind == c;
    }
    if (isupper(kind)) yes = !yes;
    return yes != 0;
}

/* The end of the single-character class at p (a character, '.', %x or [set]), raising on a malformed one. */
static const char *class_end(matcher *m, const char *p) {
    char c = *p++;
    if (c == '%') {
        if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^') p++;
        /* the first character of a set is itself even when it is ']' */
        do {
            if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == '%' && p < m->pattern_end) p++;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

/* Whether c is in the set from p ('[') to close (its ']'). */
static int in_set(int c, const char *p, const char *close) {
    int inside = 1;
    p++;
    if (*p == '^') {
        inside = 0;
        p++;
    }
    for (; p < close; p++) {
        if (*p == '%') {
            p++;
            if (p < close && in_class(c, (unsigned char)*p)) return inside;
        } else if (p[1] == '-' && p + 2 < close) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return inside;
            p += 2;
        } else if ((unsigned char)*p == c) {
            return inside;
        }
    }
    return !inside;
}

/* Whether the character at s matches the class from p to class_end. */
static int matches_one(matcher *m, const char *s, const char *p, const char *end) {
    if (s >= m->text_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
        case '.': return 1;
        case '%': return in_class(c, (unsigned char)p[1]);
        case '[': return in_set(c, p, end - 1);
        default: return (unsigned char)*p == c;
    }
}

/* %bxy at s: the end of a balanced run from x to its matching y, or NULL. */
static const char *balanced(matcher *m, const char *s, const char *p) {
    if (p >= m->pattern_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->text_end || *s != p[0]) return NULL;
    int open = 1;
    for (s++; s < m->text_end; s++) {
        step(m);
        if (*s == p[1]) {
            if (--open == 0) return s + 1;
        } else if (*s == p[0]) {
            open++;
        }
    }
    return NULL;
}

/* The greedy repetition (* or +) of the class p..end from s: the longest run that lets the rest match. */
static const char *longest(matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t count = 0;
    while (matches_one(m, s + count, p, end)) {
        step(m);
        count++;
    }
    for (; count >= 0; count--) {
        const char *rest = match(m, s + count, end + 1);
        if (rest != NULL) return rest;
    }
    return NULL;
}

/* The lazy repetition (-) of the class p..end from s: the shortest run that lets the rest match. */
static const char *shortest(matcher *m, const char *s, const char *p, const char *end) {
    for (;;) {
        const char *rest = match(m, s, end + 1);
        if (rest != NULL) return rest;
        if (!matches_one(m, s, p, end)) return NULL;
        s++;
    }
}

static const char *open_capture(matcher *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->level >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
    m->captures[m->level].start = s;
    m->captures[m->level].length = what;
    m->level++;
    const char *result = match(m, s, p);
    if (result == NULL) m->level--;
    return result;
}

static const char *close_capture(matcher *m, const char *s, const char *p) {
    int open = -1;
    for (int i = m->level - 1; i >= 0; i--)
        if (m->captures[i].length == CAPTURE_OPEN) {
            open = i;
            break;
        }
    if (open < 0) luaL_error(m->L, "invalid pattern capture");
    m->captures[open].length = s - m->captures[open].start;
    const char *result = match(m, s, p);
    if (result == NULL) m->captures[open].length = CAPTURE_OPEN;
    return result;
}

/* %1..%9 at s: the text the capture took, again. */
static const char *back_reference(matcher *m, const char *s, int digit) {
    int index = digit - '1';
    if (index < 0 || index >= m->level || m->captures[index].length == CAPTURE_OPEN)
        luaL_error(m->L, "invalid capture index %%%d", index + 1);
    size_t length = (size_t)m->captures[index].length;
    if ((size_t)(m->text_end - s) >= length && memcmp(m->captures[index].start, s, length) == 0) return s + length;
    return NULL;
}

/* The end of a match of the pattern from p at s, or NULL. */
static const char *match(matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    for (;;) {
        step(m);
        if (p == m->pattern_end) break;
        if (*p == '(') {
            s = p[1] == ')' ? open_capture(m, s, p + 2, CAPTURE_POSITION) : open_capture(m, s, p + 1, CAPTURE_OPEN);
            break;
        }
        if (*p == ')') {
            s = close_capture(m, s, p + 1);
            break;
        }
        if (*p == '$' && p + 1 == m->pattern_end) {
            if (s != m->text_end) s = NULL;
            break;
        }
        if (*p == '%' && p[1] == 'b') {
            s = balanced(m, s, p + 2);
            if (s == NULL) break;
            p += 4;
            continue;
        }
        if (*p == '%' && p[1] == 'f') {
            p += 2;
            if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
            const char *end = class_end(m, p);
            int before = s == m->text ? 0 : (unsigned char)s[-1];
            int here = s < m->text_end ? (unsigned char)*s : 0;
            if (in_set(before, p, end - 1) || !in_set(here, p, end - 1)) {
                s = NULL;
                break;
            }
            p = end;
            continue;
        }
        if (*p == '%' && isdigit((unsigned char)p[1])) {
            s = back_reference(m, s, (unsigned char)p[1]);
            if (s == NULL) break;
            p += 2;
            continue;
        }
        const char *end = class_end(m, p);
        if (!matches_one(m, s, p, end)) {
            if (*end == '*' || *end == '?' || *end == '-') {
                p = end + 1;
                continue;
            }
            s = NULL;
            break;
        }
        if (*end == '?') {
            const char *result = match(m, s + 1, end + 1);
            if (result != NULL) {
                s = result;
                break;
            }
            p = end + 1;
            continue;
        }
        if (*end == '+') {
            s = longest(m, s + 1, p, end);
            break;
        }
        if (*end == '*') {
            s = longest(m, s, p, end);
            break;
        }
        if (*end == '-') {
            s = shortest(m, s, p, end);
            break;
        }
        s++;
        p = end;
    }
    m->depth++;
    return s;
}

static void start(matcher *m, lua_State *L, const char *text, size_t text_length, const char *pattern, size_t pattern_length) {
    m->L = L;
    m->text = text;
    m->text_end = text + text_length;
    m->pattern_end = pattern + pattern_length;
    m->steps = 0;
}

static void restart(matcher *m) {
    m->level = 0;
    m->depth = MAX_DEPTH;
}

/* Pushes capture i of the match from s to e (the whole match when there are no captures and i is 0). */
static void push_capture(matcher *m, int i, const char *s, const char *e) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t length = m->captures[i].length;
    if (length == CAPTURE_OPEN) luaL_error(m->L, "unfinished capture");
    if (length == CAPTURE_POSITION) lua_pushinteger(m->L, (lua_Integer)(m->captures[i].start - m->text) + 1);
    else lua_pushlstring(m->L, m->captures[i].start, (size_t)length);
}

/* Pushes the captures (or the whole match when s is given and there are none); returns how many. */
static int push_captures(matcher *m, const char *s, const char *e) {
    int count = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++) push_capture(m, i, s, e);
    return count;
}

/* A 1-based start position as string functions read it (negative from the end), 0-based. */
static size_t start_offset(lua_Integer position, size_t length) {
    if (position > 0) return (size_t)position - 1;
    if (position == 0 || position < -(lua_Integer)length) return 0;
    return (size_t)((lua_Integer)length + position);
}

static int has_specials(const char *p, size_t length) {
    for (size_t i = 0; i < length; i++)
        if (strchr("^$*+?.([%-", p[i]) != NULL && p[i] != '\0') return 1;
    return 0;
}

/* Plain search for needle in haystack. */
static const char *find_plain(const char *haystack, size_t length, const char *needle, size_t needle_length) {
    if (needle_length == 0) return haystack;
    if (needle_length > length) return NULL;
    const char *last = haystack + (length - needle_length);
    for (const char *at = haystack; at <= last; at++) {
        at = memchr(at, needle[0], (size_t)(last - at) + 1);
        if (at == NULL) return NULL;
        if (memcmp(at + 1, needle + 1, needle_length - 1) == 0) return at;
    }
    return NULL;
}

static int find_or_match(lua_State *L, int find) {
    size_t length, pattern_length;
    const char *s = luaL_checklstring(L, 1, &length);
    const char *p = luaL_checklstring(L, 2, &pattern_length);
    size_t offset = start_offset(luaL_optinteger(L, 3, 1), length);
    if (offset > length) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !has_specials(p, pattern_length))) {
        const char *at = find_plain(s + offset, length - offset, p, pattern_length);
        if (at != NULL) {
            lua_pushinteger(L, (lua_Integer)(at - s) + 1);
            lua_pushinteger(L, (lua_Integer)(at - s + pattern_length));
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    matcher m;
    int anchored = *p == '^';
    if (anchored) {
        p++;
        pattern_length--;
    }
    start(&m, L, s, length, p, pattern_length);
    const char *from = s + offset;
    do {
        restart(&m);
        const char *e = match(&m, from, p);
        if (e != NULL) {
            settle(&m);
            if (find) {
                lua_pushinteger(L, (lua_Integer)(from - s) + 1);
                lua_pushinteger(L, (lua_Integer)(e - s));
                return push_captures(&m, NULL, NULL) + 2;
            }
            return push_captures(&m, from, e);
        }
    } while (from++ < m.text_end && !anchored);
    settle(&m);
    luaL_pushfail(L);
    return 1;
}

static int fl_string_find(lua_State *L) { return find_or_match(L, 1); }
static int fl_string_match(lua_State *L) { return find_or_match(L, 0); }

/* The state of a gmatch iterator, a userdata kept as its upvalue with the subject and the pattern. */
typedef struct {
    matcher m;
    const char *from;       /* where the next search starts */
    const char *last_match; /* the end of the last match, which an empty match may not repeat */
} gmatch_state;

static int gmatch_next(lua_State *L) {
    gmatch_state *g = (gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L;
    size_t pattern_length;
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &pattern_length);
    for (const char *from = g->from; from <= g->m.text_end; from++) {
        restart(&g->m);
        const char *e = match(&g->m, from, p);
        if (e != NULL && e != g->last_match) {
            g->from = g->last_match = e;
            settle(&g->m);
            return push_captures(&g->m, from, e);
        }
    }
    g->from = g->m.text_end + 1;
    settle(&g->m);
    return 0;
}

static int fl_string_gmatch(lua_State *L) {
    size_t length, pattern_length;
    const char *s = luaL_checklstring(L, 1, &length);
    const char *p = luaL_checklstring(L, 2, &pattern_length);
    size_t offset = start_offset(luaL_optinteger(L, 3, 1), length);
    if (offset > length) offset = length + 1;
    lua_settop(L, 2);
    gmatch_state *g = (gmatch_state *)lua_newuserdatauv(L, sizeof *g, 0);
    start(&g->m, L, s, length, p, pattern_length);
    g->from = s + offset;
    g->last_match = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* Adds the replacement string (with %0..%9 and %%) for the match from s to e. */
static void add_replacement_text(matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    size_t length;
    const char *r = lua_tolstring(m->L, 3, &length);
    const char *end = r + length;
    for (; r < end; r++) {
        if (*r != '%') {
            luaL_addchar(b, *r);
            continue;
        }
        r++;
        if (r < end && *r == '%') {
            luaL_addchar(b, '%');
        } else if (r < end && isdigit((unsigned char)*r)) {
            if (*r == '0') {
                luaL_addlstring(b, s, (size_t)(e - s));
            } else {
                push_capture(m, *r - '1', s, e);
                luaL_tolstring(m->L, -1, NULL);
                lua_remove(m->L, -2);
                luaL_addvalue(b);
            }
        } else {
            luaL_error(m->L, "invalid use of '%c' in replacement string", '%');
        }
    }
}

/* Adds what replaces the match from s to e: the replacement string, the table's value or the function's result
 * (the match itself when that is false or nil); returns whether it changed anything. */
static int add_replacement(matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int count = push_captures(m, s, e);
        lua_call(L, count, 1);
    } else if (kind == LUA_TTABLE) {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_replacement_text(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int fl_string_gsub(lua_State *L) {
    size_t length, pattern_length;
    const char *s = luaL_checklstring(L, 1, &length);
    const char *p = luaL_checklstring(L, 2, &pattern_length);
    int kind = lua_type(L, 3);
    lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)length + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                     "string/function/table");
    int anchored = *p == '^';
    if (anchored) {
        p++;
        pattern_length--;
    }
    matcher m;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    start(&m, L, s, length, p, pattern_length);
    const char *from = s, *last_match = NULL;
    lua_Integer count = 0;
    int changed = 0;
    while (count < most) {
        restart(&m);
        const char *e = match(&m, from, p);
        if (e != NULL && e != last_match) {
            count++;
            changed = add_replacement(&m, &b, from, e, kind) | changed;
            from = last_match = e;
        } else if (from < m.text_end) {
            luaL_addchar(&b, *from++);
        } else {
            break;
        }
        if (anchored) break;
    }
    settle(&m);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, from, (size_t)(m.text_end - from));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, count);
    return 2;
}

/* collectgarbage(...) as given, then, for a collection or a step, the heap's size in KiB charged to the limits,
 * so a loop of collections stops at --max-instructions, --timeout and Ctrl-C as a loop of instructions does. */
static int charged_collectgarbage(lua_State *L) {
    const char *option = luaL_optstring(L, 1, "collect");
    int top = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, top, LUA_MULTRET);
    if (strcmp(option, "collect") == 0 || strcmp(option, "step") == 0) {
        const char *message = fl_limits_exceeded(L, 1 + (long long)(fl_state_of(L)->used >> 10));
        if (message != NULL) return luaL_error(L, "%s", message);
    }
    return lua_gettop(L);
}

void fl_guard_string_matching(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"find", fl_string_find}, {"match", fl_string_match}, {"gmatch", fl_string_gmatch}, {"gsub", fl_string_gsub},
        {NULL, NULL},
    };
    if (lua_getglobal(L, "string") == LUA_TTABLE) luaL_setfuncs(L, functions, 0);
    lua_pop(L, 1);
    lua_getglobal(L, "collectgarbage");
    lua_pushcclosure(L, charged_collectgarbage, 1);
    lua_setglobal(L, "collectgarbage");
}
