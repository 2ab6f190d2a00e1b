/* bot_lobby.c: a bot takes a seat at a lobby table (bot.h bot_lobby_*): as a guest under a
 * name, it sits, says ready and waits for the start, whose push carries the seat's token
 * (protocol/messages/c2s-table.md, s2c-table_reply.md). SPDX-License-Identifier: MIT */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"

/* Send body with id and read frames until the reply with that id: 0, or -1 with the refusal
 * printed (code and field). */
static int ask(wsc *c, const char *what, const char *body, int id)
{
    if (wsc_send(c, body) != 0)
        return -1;
    for (;;) {
        char *f = wsc_recv(c, 30000);
        if (!f) {
            fprintf(stderr, "bughouse-bot: %s: no reply\n", what);
            return -1;
        }
        cJSON *o = cJSON_Parse(f);
        free(f);
        const cJSON *i = cJSON_GetObjectItemCaseSensitive(o, "id");
        if (!cJSON_IsNumber(i) || (int)i->valuedouble != id) {
            cJSON_Delete(o);
            continue;
        }
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "type");
        int rc = 0;
        if (cJSON_IsString(t) && strcmp(t->valuestring, "error") == 0) {
            const cJSON *code = cJSON_GetObjectItemCaseSensitive(o, "code");
            const cJSON *field = cJSON_GetObjectItemCaseSensitive(o, "field");
            fprintf(stderr, "bughouse-bot: %s refused: %s%s%s\n", what,
                    cJSON_IsString(code) ? code->valuestring : "?",
                    cJSON_IsString(field) ? ", field " : "",
                    cJSON_IsString(field) ? field->valuestring : "");
            rc = -1;
        }
        cJSON_Delete(o);
        return rc;
    }
}

wsc *bot_lobby_sit(wsc_ctx *x, const wsc_opts *server, const bot_lobby_seat *l)
{
    wsc *c = wsc_connect(x, server, 10000);
    if (!c) {
        fprintf(stderr, "bughouse-bot: --lobby: cannot connect\n");
        return NULL;
    }
    cJSON *g = cJSON_CreateObject();
    cJSON_AddStringToObject(g, "type", "guest");
    cJSON_AddNumberToObject(g, "id", 1);
    cJSON_AddStringToObject(g, "name", l->name);
    char *guest = cJSON_PrintUnformatted(g);
    cJSON_Delete(g);
    cJSON *s = cJSON_CreateObject();
    cJSON_AddStringToObject(s, "type", "table");
    cJSON_AddNumberToObject(s, "id", 2);
    cJSON_AddStringToObject(s, "action", "sit");
    cJSON_AddNumberToObject(s, "table", (double)l->table);
    cJSON_AddNumberToObject(s, "seat", l->seat);
    if (l->link && l->link[0])
        cJSON_AddStringToObject(s, "link", l->link);
    char *sit = cJSON_PrintUnformatted(s);
    cJSON_Delete(s);
    int rc = guest && sit ? ask(c, "guest", guest, 1) : -1;
    if (rc == 0)
        rc = ask(c, "sit", sit, 2);
    if (rc == 0)
        rc = ask(c, "ready", "{\"type\":\"table\",\"id\":3,\"action\":\"ready\"}", 3);
    free(guest);
    free(sit);
    if (rc != 0) {
        wsc_free(c);
        return NULL;
    }
    return c;
}

int bot_lobby_started(wsc *c, int ms, long long *game, char *token, size_t cap)
{
    char *f = wsc_recv(c, ms);
    if (!f)
        return wsc_closed(c) ? -1 : 0;
    cJSON *o = cJSON_Parse(f);
    free(f);
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(o, "status");
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(o, "game");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "token");
    int rc = 0;
    if (cJSON_IsString(st) && strcmp(st->valuestring, "started") == 0 && cJSON_IsNumber(g) &&
        cJSON_IsString(t)) {
        *game = (long long)g->valuedouble;
        snprintf(token, cap, "%s", t->valuestring);
        rc = 1;
    }
    cJSON_Delete(o);
    return rc;
}
