/* hub_reg.c: the hub's registry of events and teams: every event's name (the BPGN Event of
 * its games; an id game_create may name) and every team, of every format. Filled one way:
 * from the store at start (hub_new), and by hub__event_create / hub__team_create when a
 * format's message creates one, which store the row and register it in one step.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "bh.h"
#include "hub_int.h"
#include "now.h"
#include "xalloc.h"

void hub__event_name_add(hub *h, int64_t id, const char *name)
{
    BH_GROW(h->tournaments, h->ntour, h->captour);
    hub_tname *t = &h->tournaments[h->ntour++];
    t->id = id;
    snprintf(t->name, sizeof t->name, "%s", name ? name : "");
}

const char *hub__event_name(const hub *h, int64_t id)
{
    for (int i = 0; i < h->ntour; i++)
        if (h->tournaments[i].id == id)
            return h->tournaments[i].name;
    return NULL;
}

hub_team *hub__team_add(hub *h, int64_t id, int64_t event, const char *name, const char *p1,
                        const char *p2)
{
    BH_GROW(h->teams, h->nteams, h->capteams);
    hub_team *t = &h->teams[h->nteams++];
    memset(t, 0, sizeof *t);
    t->id = id;
    t->tournament = event;
    snprintf(t->name, sizeof t->name, "%s", name ? name : "");
    snprintf(t->players[0], sizeof t->players[0], "%s", p1 ? p1 : "");
    snprintf(t->players[1], sizeof t->players[1], "%s", p2 ? p2 : "");
    return t;
}

const hub_team *hub__team_by_id(const hub *h, int64_t id)
{
    for (int i = 0; i < h->nteams; i++)
        if (h->teams[i].id == id)
            return &h->teams[i];
    return NULL;
}

int hub__event_create(hub *h, const char *name, int64_t *id)
{
    if (store_tournament_add(h->st, name, now_wall_ms(), id) != BH_OK) {
        h->store_failed = true;
        return BH_ESTORE;
    }
    hub__event_name_add(h, *id, name);
    return BH_OK;
}

hub_team *hub__team_create(hub *h, int64_t event, const char *name, const char *p1, const char *p2,
                           int64_t *id)
{
    if (store_team_add(h->st, event, name, p1, p2, id) != BH_OK) {
        h->store_failed = true;
        return NULL;
    }
    return hub__team_add(h, *id, event, name, p1, p2);
}
