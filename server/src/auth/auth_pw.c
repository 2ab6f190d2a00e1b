/* auth_pw.c: password hashes with libsodium's crypto_pwhash_str (Argon2id), and the account
 * names' key. SPDX-License-Identifier: MIT
 * The only file that includes sodium.h (auth_pw.h). */
#include "auth_pw.h"

#include <pthread.h>
#include <sodium.h>
#include <string.h>

#include "bh.h"
#include "log.h"

_Static_assert(AUTH_PW_HASH_MAX == crypto_pwhash_STRBYTES, "an encoded hash fits");

/* crypto_pwhash's INTERACTIVE limits: why, in auth_pw.h (auth_pw_hash). */
#define PW_OPS crypto_pwhash_OPSLIMIT_INTERACTIVE
#define PW_MEM crypto_pwhash_MEMLIMIT_INTERACTIVE

int auth_pw_init(void)
{
    if (sodium_init() < 0) { /* 0: started now, 1: already started */
        log_error("auth: libsodium failed to start");
        return BH_EIO;
    }
    return BH_OK;
}

int auth_pw_hash(const char *pw, size_t len, char out[AUTH_PW_HASH_MAX])
{
    if (len > AUTH_PW_MAX)
        return BH_ELIMIT;
    if (auth_pw_init() != BH_OK)
        return BH_ENOMEM;
    if (crypto_pwhash_str(out, pw, len, PW_OPS, PW_MEM) != 0) {
        log_error("auth: crypto_pwhash_str failed (out of memory)");
        return BH_ENOMEM;
    }
    return BH_OK;
}

int auth_pw_verify(const char *hash, const char *pw, size_t len)
{
    if (len > AUTH_PW_MAX || auth_pw_init() != BH_OK)
        return BH_EAUTH;
    return crypto_pwhash_str_verify(hash, pw, len) == 0 ? BH_OK : BH_EAUTH;
}

static char dummy[AUTH_PW_HASH_MAX];
static int dummy_rc = BH_EIO;
static pthread_once_t dummy_once = PTHREAD_ONCE_INIT;

static void make_dummy(void)
{
    unsigned char pw[16];
    if (auth_pw_init() != BH_OK)
        return;
    randombytes_buf(pw, sizeof pw);
    dummy_rc = auth_pw_hash((const char *)pw, sizeof pw, dummy);
    sodium_memzero(pw, sizeof pw);
}

const char *auth_pw_dummy_hash(void)
{
    pthread_once(&dummy_once, make_dummy);
    return dummy_rc == BH_OK ? dummy : NULL;
}

static bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}

static char fold(char c)
{
    if (c >= 'A' && c <= 'Z')
        c = (char)(c - 'A' + 'a');
    if (c == 'i' || c == '1')
        return 'l';
    return c == '0' ? 'o' : c;
}

int auth_name_key(const char *name, char out[AUTH_NAME_MAX + 1])
{
    size_t n = strnlen(name, AUTH_NAME_MAX + 1);
    if (n < AUTH_NAME_MIN || n > AUTH_NAME_MAX || name[0] == '_' || name[0] == '-')
        return BH_EINVAL;
    for (size_t i = 0; i < n; i++)
        if (!name_char(name[i]))
            return BH_EINVAL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = fold(name[i]);
        char next = i + 1 < n ? fold(name[i + 1]) : '\0';
        if ((c == 'r' && next == 'n') || (c == 'v' && next == 'v')) {
            out[k++] = c == 'r' ? 'm' : 'w';
            i++;
        } else {
            out[k++] = c;
        }
    }
    out[k] = '\0';
    return BH_OK;
}
