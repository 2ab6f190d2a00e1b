/* bot_cecp.c: the CECP (xboard protocol 2) bridge: an engine child process with pipes, its
 * handshake, the game commands an ICS sends in bughouse (holding, partner, ptell), and a
 * strict reader of what the engine prints. SPDX-License-Identifier: MIT
 * The engine is told only what the server showed; its output is read without blocking, so one
 * bot process serves many seats while their engines think. */
#include "bot_cecp.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- pure: lines and words ---------------------------------------------------------------- */

/* Copy src into out (cap bytes), cut at a UTF-8 character boundary when too long. */
static void copy_text(char *out, size_t cap, const char *src)
{
    if (!cap)
        return;
    size_t n = strlen(src);
    if (n >= cap) {
        n = cap - 1;
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(out, src, n);
    out[n] = '\0';
}

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

cecp_line_kind cecp_classify(const char *line, char *text, size_t cap)
{
    if (cap)
        text[0] = '\0';
    size_t n = strlen(line);
    if (n && line[n - 1] == '\r')
        n--;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return CECP_L_GARBAGE;
    }
    char buf[CECP_LINE_MAX + 1];
    if (n > CECP_LINE_MAX)
        return CECP_L_GARBAGE;
    memcpy(buf, line, n);
    buf[n] = '\0';
    if (starts(buf, "move ")) {
        const char *m = buf + 5;
        while (*m == ' ')
            m++;
        size_t k = strcspn(m, " \t");
        const char *rest = m + k;
        while (*rest == ' ' || *rest == '\t')
            rest++;
        if (k == 0 || k > 7 || *rest)
            return CECP_L_GARBAGE;
        char mv[8];
        memcpy(mv, m, k);
        mv[k] = '\0';
        copy_text(text, cap, mv);
        return CECP_L_MOVE;
    }
    if (strcmp(buf, "resign") == 0 || starts(buf, "resign "))
        return CECP_L_RESIGN;
    if (starts(buf, "tellics ptell ")) {
        copy_text(text, cap, buf + 14);
        return CECP_L_PTELL;
    }
    if (starts(buf, "tellics ")) {
        copy_text(text, cap, buf + 8);
        return CECP_L_TELLICS;
    }
    if (starts(buf, "feature ")) {
        copy_text(text, cap, buf + 8);
        return CECP_L_FEATURE;
    }
    if (starts(buf, "Illegal move")) {
        copy_text(text, cap, buf);
        return CECP_L_ILLEGAL;
    }
    if (starts(buf, "Error")) {
        copy_text(text, cap, buf);
        return CECP_L_ERROR;
    }
    return CECP_L_OTHER;
}

int cecp_parse_move(const bh_pos *pos, const char *text, bh_move *out)
{
    char m[8];
    size_t n = strlen(text);
    if (n < 4 || n > 5)
        return BH_EMOVE;
    memcpy(m, text, n + 1);
    if (m[1] == '@') {
        if (n != 4)
            return BH_EMOVE;
        m[0] = (char)toupper((unsigned char)m[0]);
    } else if (n == 5) {
        m[4] = (char)tolower((unsigned char)m[4]);
    }
    return bh_parse_uci(pos, m, out);
}

bool cecp_is_virtual_drop(const bh_pos *pos, const char *text)
{
    static const char pieces[] = "PNBRQ";
    const char *at = text[0] ? strchr(pieces, toupper((unsigned char)text[0])) : NULL;
    bh_pos q = *pos;
    bh_move m;
    return at && text[1] == '@' &&
           bh_reserve_count(pos, bh_side_to_move(pos), BH_PAWN + (int)(at - pieces)) == 0 &&
           bh_reserve_add(&q, bh_side_to_move(&q), BH_PAWN + (int)(at - pieces)) == BH_OK &&
           cecp_parse_move(&q, text, &m) == BH_OK;
}

/* The web page's signals (clients/web/js/proto.js SIGNALS) and the engines' words. */
static const struct {
    const char *chat, *ptell;
} WORDS[] = {
    {"sit!", "sit"},       {"go!", "go"},           {"need \u265B", "+q"},
    {"need \u265C", "+r"}, {"need \u265D", "+b"},   {"need \u265E", "+n"},
    {"need \u265F", "+p"}, {"trade ok", "+trades"}, {"no trades", "-trades"},
};

const char *cecp_chat_to_ptell(const char *chat, char *out, size_t cap)
{
    for (size_t i = 0; i < BH_ARRAY_LEN(WORDS); i++)
        if (strcmp(chat, WORDS[i].chat) == 0) {
            copy_text(out, cap, WORDS[i].ptell);
            return out;
        }
    copy_text(out, cap, chat);
    for (char *p = out; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = ' ';
    return out;
}

/* Length of the valid UTF-8 sequence at p (at most n bytes there: 1..4), 0 if none starts
 * there (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF). */
static size_t utf8_len(const unsigned char *p, size_t n)
{
    if (p[0] < 0x80)
        return 1;
    size_t len = p[0] >= 0xC2 && p[0] <= 0xDF   ? 2
                 : p[0] >= 0xE0 && p[0] <= 0xEF ? 3
                 : p[0] >= 0xF0 && p[0] <= 0xF4 ? 4
                                                : 0;
    if (!len || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    if ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F) ||
        (p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] > 0x8F))
        return 0;
    return len;
}

size_t cecp_ptell_to_chat(const char *ptell, char *out, size_t cap)
{
    while (*ptell == ' ')
        ptell++;
    char w[16];
    size_t n = strlen(ptell);
    while (n && ptell[n - 1] == ' ')
        n--;
    if (n < sizeof w) {
        memcpy(w, ptell, n);
        w[n] = '\0';
        const char *plus = w;
        while (plus[0] == '+' && plus[1] == '+') /* "++n", "+++n": still "I need it" */
            plus++;
        if (strcmp(w, "move") == 0)
            plus = "go";
        for (size_t i = 0; i < BH_ARRAY_LEN(WORDS); i++)
            if (strcmp(plus, WORDS[i].ptell) == 0) {
                copy_text(out, cap, WORDS[i].chat);
                return strlen(out);
            }
    }
    /* The server takes chat as strict UTF-8 without control characters (c2s-chat.md): a tab
     * becomes a space, a byte that starts no valid sequence (Latin-1 text) a '?'. */
    char buf[CECP_TEXT_MAX + 1];
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        const unsigned char *c = (const unsigned char *)ptell + i;
        size_t len = utf8_len(c, n - i);
        if (k + (len ? len : 1) > CECP_TEXT_MAX)
            break;
        if (len == 1 && (*c < 0x20 || *c == 0x7f))
            buf[k++] = ' ';
        else if (len)
            memcpy(buf + k, c, len), k += len;
        else
            buf[k++] = '?';
        i += len ? len : 1;
    }
    buf[k] = '\0';
    copy_text(out, cap, buf);
    return strlen(out);
}

const char *cecp_holding(const bh_pos *pos, char *out, size_t cap)
{
    static const char letters[] = "QRBNP";
    static const int types[] = {BH_QUEEN, BH_ROOK, BH_BISHOP, BH_KNIGHT, BH_PAWN};
    char side[2][BH_RESERVE_CAP * 5 + 1];
    for (int c = 0; c < 2; c++) {
        size_t k = 0;
        for (int t = 0; t < 5; t++)
            for (int i = bh_reserve_count(pos, (bh_color)c, types[t]); i > 0; i--)
                side[c][k++] = c ? (char)tolower((unsigned char)letters[t]) : letters[t];
        side[c][k] = '\0';
    }
    snprintf(out, cap, "holding [%s] [%s]", side[0], side[1]);
    return out;
}

/* ---- the engine process ------------------------------------------------------------------- */

struct cecp {
    pid_t pid; /* child, 0 once reaped or killed */
    int in;    /* write end: the engine's stdin, -1 when closed */
    int out;   /* read end: the engine's stdout, -1 when closed */
    char buf[CECP_LINE_MAX + 2];
    size_t len;         /* bytes in buf */
    bool usermove;      /* feature usermove=1: moves go as "usermove X" */
    bool forced;        /* in force mode: plays no side until "go" */
    bool thinking;      /* owes a move */
    long long asked_ms; /* when it was asked (monotonic ms) */
    int asked_clock_ms; /* its clock then, ms */
    char holding[64];   /* last holding sent */
    bool dead;          /* the child is gone or killed: no more events */
    char tag[64];       /* log prefix */
    bool trace;         /* log every line sent and every move and tell read */
};

static long long mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A trace line on stderr, "bughouse-bot: <tag> <text>", when e->trace is set. */
static void note(const cecp *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(const cecp *e, const char *fmt, ...)
{
    if (!e->trace)
        return;
    char line[CECP_TEXT_MAX + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "bughouse-bot: %s %s\n", e->tag, line);
}

static void say(cecp *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(cecp *e, const char *fmt, ...)
{
    char line[CECP_TEXT_MAX + 128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || e->in < 0)
        return;
    if ((size_t)n > sizeof line - 2)
        n = (int)sizeof line - 2;
    note(e, "cecp> %s", line);
    line[n++] = '\n';
    /* A dead engine's pipe fails with EPIPE (SIGPIPE is ignored); cecp_poll reports it. */
    ssize_t w = write(e->in, line, (size_t)n);
    (void)w;
}

/* Read one line within timeout_ms (0: only what is there). Returns 1 with the line in out,
 * 0 on timeout, -1 at end of file or on a read error. A line too long for buf comes back
 * truncated to CECP_LINE_MAX + 1 bytes (cecp_classify calls it garbage). */
static int read_line(cecp *e, char *out, size_t cap, int timeout_ms)
{
    long long end = mono_ms() + timeout_ms;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl || e->len == sizeof e->buf) {
            size_t n = nl ? (size_t)(nl - e->buf) : e->len;
            size_t k = n < cap - 1 ? n : cap - 1;
            memcpy(out, e->buf, k);
            out[k] = '\0';
            size_t used = nl ? n + 1 : n;
            memmove(e->buf, e->buf + used, e->len - used);
            e->len -= used;
            return 1;
        }
        if (e->out < 0)
            return -1;
        long long left = end - mono_ms();
        struct pollfd pf = {e->out, POLLIN, 0};
        int pr = poll(&pf, 1, left > 0 ? (int)left : 0);
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr <= 0)
            return 0;
        ssize_t r = read(e->out, e->buf + e->len, sizeof e->buf - e->len);
        if (r < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (r <= 0)
            return -1;
        e->len += (size_t)r;
    }
}

/* Value of key in a feature line ("usermove=1", "variants=\"a,b\""), copied to out. */
static bool feature_value(const char *line, const char *key, char *out, size_t cap)
{
    size_t kl = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p += kl) {
        if ((p != line && p[-1] != ' ') || p[kl] != '=')
            continue;
        const char *v = p + kl + 1;
        size_t n = *v == '"' ? strcspn(++v, "\"") : strcspn(v, " ");
        if (n >= cap)
            n = cap - 1;
        memcpy(out, v, n);
        out[n] = '\0';
        return true;
    }
    return false;
}

static bool has_variant(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, ",");
        if (k == n && strncmp(p, name, n) == 0)
            return true;
        p += k + (p[k] == ',');
    }
    return false;
}

int cecp_open(const cecp_opts *o, cecp **out, char *why, size_t why_len)
{
    int to[2], from[2];
    snprintf(why, why_len, "cannot make pipes");
    if (pipe(to) != 0)
        return BH_EIO;
    if (pipe(from) != 0) {
        close(to[0]);
        close(to[1]);
        return BH_EIO;
    }
    signal(SIGPIPE, SIG_IGN);
    /* A simple command runs as "exec CMD", so the engine itself is the child (dash would fork
     * it and wait): its exit status, its end of the pipe and PR_SET_PDEATHSIG are its own. A
     * command with ; & | ( ) or a newline keeps the shell in between. */
    size_t cl = strlen(o->cmd) + 8;
    char *cmd = malloc(cl);
    if (!cmd)
        abort();
    snprintf(cmd, cl, "%s%s", strpbrk(o->cmd, ";&|()\n`") ? "" : "exec ", o->cmd);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
#ifdef __linux__
        /* An engine never outlives its bot, even one killed with SIGKILL. */
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
            _exit(127);
#else
        (void)parent;
#endif
        if (o->mem_mb > 0) {
            struct rlimit rl = {(rlim_t)o->mem_mb << 20, (rlim_t)o->mem_mb << 20};
            setrlimit(RLIMIT_AS, &rl);
        }
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]);
        close(to[1]);
        close(from[0]);
        close(from[1]);
        /* Its own process group: a Ctrl-C at the bot's terminal is the bot's to handle, and
         * cecp_kill ends the shell and whatever it started in one kill. */
        setpgid(0, 0);
        /* Debian installs sjeng and fairy-stockfish in /usr/games, not on every PATH. */
        const char *path = getenv("PATH");
        if (!path || !strstr(path, "/usr/games")) {
            char p[4096];
            snprintf(p, sizeof p, "%s%s/usr/games", path ? path : "", path && *path ? ":" : "");
            setenv("PATH", p, 1);
        }
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    free(cmd);
    close(to[0]);
    close(from[1]);
    if (pid > 0)
        setpgid(pid, pid); /* as the child does: whichever runs first */
    cecp *e = calloc(1, sizeof *e);
    if (!e)
        abort();
    e->pid = pid > 0 ? pid : 0;
    e->in = to[1];
    e->out = from[0];
    snprintf(e->tag, sizeof e->tag, "%s", o->tag ? o->tag : "engine");
    e->trace = o->trace;
    fcntl(e->in, F_SETFD, FD_CLOEXEC);
    fcntl(e->out, F_SETFD, FD_CLOEXEC);
    if (pid < 0) {
        snprintf(why, why_len, "fork: %s", strerror(errno));
        goto fail;
    }
    say(e, "xboard");
    say(e, "protover 2");
    long long end = mono_ms() + (o->handshake_ms > 0 ? o->handshake_ms : 10000);
    bool done = false, bughouse = false, variants = false;
    char line[CECP_LINE_MAX + 2], text[CECP_LINE_MAX + 1], v[2048];
    while (!done) {
        long long left = end - mono_ms();
        int r = left > 0 ? read_line(e, line, sizeof line, (int)left) : 0;
        if (r == 0) {
            snprintf(why, why_len, "no \"feature done=1\" within %d ms of protover 2",
                     o->handshake_ms > 0 ? o->handshake_ms : 10000);
            goto fail;
        }
        if (r < 0) {
            snprintf(why, why_len, "the engine exited during the handshake");
            goto fail;
        }
        if (cecp_classify(line, text, sizeof text) != CECP_L_FEATURE)
            continue; /* Sjeng prints its banner and board before "xboard" takes effect */
        if (feature_value(text, "usermove", v, sizeof v))
            e->usermove = strcmp(v, "1") == 0;
        if (feature_value(text, "variants", v, sizeof v)) {
            variants = true;
            bughouse = has_variant(v, "bughouse");
        }
        if (feature_value(text, "done", v, sizeof v) && strcmp(v, "1") == 0)
            done = true;
    }
    if (!bughouse) {
        snprintf(why, why_len, "%s",
                 variants ? "\"bughouse\" is not among its variants"
                          : "it names no variants (no bughouse)");
        goto fail;
    }
    *out = e;
    return BH_OK;
fail:
    cecp_close(e);
    return BH_EIO;
}

void cecp_kill(cecp *e, const char *why)
{
    if (!e)
        return;
    if (e->pid > 0) {
        if (why)
            fprintf(stderr, "bughouse-bot: %s engine killed: %s\n", e->tag, why);
        kill(-e->pid, SIGKILL); /* the group: the shell and the engine it started */
        kill(e->pid, SIGKILL);
        waitpid(e->pid, NULL, 0);
        e->pid = 0;
    }
    if (e->in >= 0)
        close(e->in);
    if (e->out >= 0)
        close(e->out);
    e->in = e->out = -1;
    e->dead = true;
    e->thinking = false;
}

void cecp_close(cecp *e)
{
    if (!e)
        return;
    if (e->pid > 0 && e->in >= 0) {
        say(e, "quit");
        /* A polite engine exits at once; give it 200 ms, then SIGKILL (cecp_kill). */
        for (int i = 0; i < 20; i++) {
            if (waitpid(e->pid, NULL, WNOHANG) == e->pid) {
                e->pid = 0;
                break;
            }
            struct timespec ts = {0, 10000000L};
            nanosleep(&ts, NULL);
        }
    }
    cecp_kill(e, NULL);
    free(e);
}

/* ---- the game ----------------------------------------------------------------------------- */

void cecp_new_game(cecp *e, const bh_pos *pos, int base_ms, int inc_ms, const char *partner)
{
    say(e, "new");
    say(e, "variant bughouse");
    say(e, "easy");
    say(e, "nopost");
    int base_s = base_ms / 1000;
    say(e, "level 0 %d:%02d %d", base_s / 60, base_s % 60, inc_ms / 1000);
    say(e, "force");
    e->forced = true;
    e->thinking = false;
    bh_pos start;
    bh_pos_start(&start, bh_pos_options(pos));
    char fen[BH_FEN_MAX], sfen[BH_FEN_MAX];
    bh_pos_to_fen(pos, fen, sizeof fen);
    bh_pos_to_fen(&start, sfen, sizeof sfen);
    if (strcmp(fen, sfen) != 0) {
        /* The engines' setboard takes a board without reserve brackets or promotion marks;
         * the reserves follow as holding. */
        char plain[BH_FEN_MAX];
        size_t k = 0;
        bool in_reserve = false;
        for (const char *p = fen; *p && k + 1 < sizeof plain; p++) {
            if (*p == '[')
                in_reserve = true;
            else if (*p == ']')
                in_reserve = false;
            else if (!in_reserve && *p != '~')
                plain[k++] = *p;
        }
        plain[k] = '\0';
        say(e, "setboard %s", plain);
    }
    if (partner && *partner) {
        char name[65];
        copy_text(name, sizeof name, partner);
        for (char *p = name; *p; p++)
            if ((unsigned char)*p <= 0x20 || *p == 0x7f)
                *p = '_';
        say(e, "partner %s", name);
    }
    e->holding[0] = '\0';
    cecp_reserves(e, pos, "new game");
}

static void clocks(cecp *e, int my_ms, int opp_ms)
{
    say(e, "time %d", my_ms > 0 ? my_ms / 10 : 0);
    say(e, "otim %d", opp_ms > 0 ? opp_ms / 10 : 0);
}

/* "go" out of force mode, then the holding again: Sjeng adds imaginary pieces to the reserve
 * of the side it does not play (pieces that may yet arrive), and it learns its side at "go". */
static void start(cecp *e)
{
    say(e, "go");
    e->forced = false;
    if (e->holding[0])
        say(e, "%s", e->holding);
}

void cecp_opponent_move(cecp *e, const char *uci, int my_ms, int opp_ms, long long now_ms)
{
    clocks(e, my_ms, opp_ms);
    say(e, e->usermove ? "usermove %s" : "%s", uci);
    if (e->forced)
        start(e);
    e->thinking = true;
    e->asked_ms = now_ms;
    e->asked_clock_ms = my_ms;
}

void cecp_go(cecp *e, int my_ms, int opp_ms, long long now_ms)
{
    if (!e->forced || e->thinking)
        return;
    clocks(e, my_ms, opp_ms);
    start(e);
    e->thinking = true;
    e->asked_ms = now_ms;
    e->asked_clock_ms = my_ms;
}

bool cecp_reserves(cecp *e, const bh_pos *pos, const char *after)
{
    char h[sizeof e->holding];
    cecp_holding(pos, h, sizeof h);
    if (strcmp(h, e->holding) == 0 || e->in < 0)
        return false;
    snprintf(e->holding, sizeof e->holding, "%s", h);
    if (after)
        note(e, "holding changed (%s)", after);
    say(e, "%s", h);
    return true;
}

void cecp_partner_chat(cecp *e, const char *chat)
{
    char t[CECP_TEXT_MAX + 1];
    cecp_chat_to_ptell(chat, t, sizeof t);
    note(e, "ptell chat->engine \"%s\"", t);
    say(e, "ptell %s", t);
}

bool cecp_thinking(const cecp *e)
{
    return e->thinking;
}

long long cecp_think_ms(const cecp *e, long long now_ms)
{
    return e->thinking ? now_ms - e->asked_ms : 0;
}

int cecp_think_clock_ms(const cecp *e)
{
    return e->thinking ? e->asked_clock_ms : 0;
}

void cecp_poll(cecp *e, cecp_event *ev)
{
    ev->kind = CECP_EV_NONE;
    ev->text[0] = '\0';
    char line[CECP_LINE_MAX + 2], text[CECP_LINE_MAX + 1];
    while (!e->dead) {
        int r = read_line(e, line, sizeof line, 0);
        if (r == 0)
            return;
        if (r < 0) {
            int st = 0;
            /* End of its output: it exited, or closed stdout and lives on (then it is
             * killed below; waiting for it could block the bot for ever). */
            pid_t w = 0;
            for (int i = 0; i < 20 && e->pid > 0 && w == 0; i++) {
                w = waitpid(e->pid, &st, WNOHANG);
                if (w == 0) {
                    struct timespec ts = {0, 5000000L};
                    nanosleep(&ts, NULL);
                }
            }
            if (w == e->pid && e->pid > 0)
                e->pid = 0;
            ev->kind = CECP_EV_LOST;
            if (w > 0 && WIFEXITED(st))
                snprintf(ev->text, sizeof ev->text, "the engine exited (status %d)",
                         WEXITSTATUS(st));
            else if (w > 0 && WIFSIGNALED(st))
                snprintf(ev->text, sizeof ev->text, "the engine died (signal %d)", WTERMSIG(st));
            else
                snprintf(ev->text, sizeof ev->text, "the engine closed its output");
            cecp_kill(e, NULL);
            return;
        }
        cecp_line_kind k = cecp_classify(line, text, sizeof text);
        switch (k) {
        case CECP_L_MOVE:
            note(e, "engine< move %s", text);
            e->thinking = false;
            ev->kind = CECP_EV_MOVE;
            copy_text(ev->text, sizeof ev->text, text);
            return;
        case CECP_L_RESIGN:
            note(e, "engine< resign");
            e->thinking = false;
            ev->kind = CECP_EV_RESIGN;
            return;
        case CECP_L_PTELL:
            if (cecp_ptell_to_chat(text, ev->text, sizeof ev->text) == 0)
                continue;
            ev->kind = CECP_EV_PTELL;
            return;
        case CECP_L_TELLICS: note(e, "engine< tellics %s (not relayed)", text); continue;
        case CECP_L_ERROR: note(e, "engine< %s (ignored)", text); continue;
        case CECP_L_ILLEGAL:
            ev->kind = CECP_EV_LOST;
            snprintf(ev->text, sizeof ev->text, "the engine refused our input: %.200s", text);
            cecp_kill(e, NULL);
            return;
        case CECP_L_GARBAGE:
            ev->kind = CECP_EV_LOST;
            snprintf(ev->text, sizeof ev->text, "the engine printed garbage (%zu bytes: \"%.60s\")",
                     strlen(line), line);
            for (char *p = ev->text; *p; p++)
                if ((unsigned char)*p < 0x20 || *p == 0x7f)
                    *p = '?';
            cecp_kill(e, NULL);
            return;
        case CECP_L_FEATURE:
        case CECP_L_OTHER: continue;
        }
    }
}
