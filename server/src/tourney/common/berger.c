/* berger.c: the Berger tables of FIDE C.05 Annex 1 in closed form.
 * SPDX-License-Identifier: MIT
 * For m participants (n rounded up to even), numbers i, j < m meet in table round
 * t = i + j - 1 (mod m-1), the smaller number with White iff i + j is odd; number m meets i in
 * round 2i - 1 (mod m-1) and has White in the even rounds. Board 1 is m's game; board k pairs
 * the numbers k-1 above and below m's opponent (mod m-1). test_berger checks this against
 * the published tables for 3-4 up to 13-14 players. */
#include "berger.h"

#include "bh.h"

static int wrap(int v, int m) /* v into 1..m-1, modulo m-1 */
{
    int q = m - 1;
    return ((v - 1) % q + q) % q + 1;
}

/* Numbers i, j < m: the one with White. */
static int white_of(int i, int j)
{
    int lo = i < j ? i : j, hi = i < j ? j : i;
    return (i + j) % 2 ? lo : hi;
}

static int check(int n, unsigned flags)
{
    if (n < 2 || n > BERGER_MAX || (flags & ~(unsigned)(BERGER_DOUBLE | BERGER_SWAP_LAST)) ||
        ((flags & BERGER_SWAP_LAST) && !(flags & BERGER_DOUBLE)))
        return BH_EINVAL;
    return BH_OK;
}

int berger_rounds(int n, unsigned flags)
{
    if (check(n, flags) != BH_OK)
        return 0;
    int m = n + n % 2;
    return (m - 1) * (flags & BERGER_DOUBLE ? 2 : 1);
}

/* The table round played as round r of the event, and whether colours are reversed. */
static int table_round(int m, int r, unsigned flags, bool *reversed)
{
    int q = m - 1, t = (r - 1) % q + 1;
    *reversed = r > q;
    if (!*reversed && (flags & BERGER_SWAP_LAST) && q >= 2 && t >= q - 1)
        t = t == q ? q - 1 : q;
    return t;
}

int berger_round(int n, int r, unsigned flags, berger_pair *out, int cap)
{
    if (check(n, flags) != BH_OK || r < 1 || r > berger_rounds(n, flags))
        return BH_EINVAL;
    int m = n + n % 2, boards = m / 2;
    if (cap < boards)
        return BH_ELIMIT;
    bool rev;
    int t = table_round(m, r, flags, &rev);
    int o = t % 2 ? (t + 1) / 2 : (t + m) / 2; /* m's opponent: 2o - 1 = t (mod m-1) */
    for (int k = 1; k <= boards; k++) {
        int w, b;
        if (k == 1) {
            w = t % 2 ? o : m;
            b = t % 2 ? m : o;
        } else {
            int x = wrap(o + k - 1, m), y = wrap(o - (k - 1), m);
            w = white_of(x, y);
            b = w == x ? y : x;
        }
        if (m != n) { /* odd n: the highest number is the bye */
            w = w == m ? 0 : w;
            b = b == m ? 0 : b;
        }
        out[k - 1].white = rev ? b : w;
        out[k - 1].black = rev ? w : b;
    }
    return boards;
}

int berger_round_of(int n, int a, int b, int cycle, unsigned flags, bool *a_white)
{
    if (check(n, flags) != BH_OK || a < 1 || b < 1 || a > n || b > n || a == b || cycle < 1 ||
        cycle > (flags & BERGER_DOUBLE ? 2 : 1))
        return BH_EINVAL;
    int m = n + n % 2, q = m - 1, t;
    bool w;
    if (a == m || b == m) {
        int i = a == m ? b : a;
        t = (2 * i - 2) % q + 1;
        w = (a == m) == (t % 2 == 0);
    } else {
        t = (a + b - 2) % q + 1;
        w = white_of(a, b) == a;
    }
    int r = t;
    if (cycle == 2) {
        r = q + t;
        w = !w;
    } else if ((flags & BERGER_SWAP_LAST) && q >= 2 && t >= q - 1) {
        r = t == q ? q - 1 : q;
    }
    if (a_white)
        *a_white = w;
    return r;
}
