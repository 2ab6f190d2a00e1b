/* test_auth.c: tokens and hashes, password hashes and account names' keys.
 * SPDX-License-Identifier: MIT
 * The SHA-256 vectors are FIPS 180-2 appendix B ("abc") and the empty string. */
#include <string.h>

#include "auth.h"
#include "auth_pw.h"
#include "bh.h"
#include "bh_test.h"

static void sha256_vectors(void)
{
    char h[AUTH_HASH_LEN + 1];
    CHECK_EQ_INT("abc rc", BH_OK, auth_hash("abc", h));
    CHECK_EQ_STR("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", h);
    CHECK_EQ_INT("empty rc", BH_OK, auth_hash("", h));
    CHECK_EQ_STR("empty", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", h);
}

static void token_shape(void)
{
    char a[AUTH_TOKEN_LEN + 1], b[AUTH_TOKEN_LEN + 1];
    CHECK_EQ_INT("a", BH_OK, auth_token_new(a));
    CHECK_EQ_INT("b", BH_OK, auth_token_new(b));
    CHECK_EQ_INT("len", AUTH_TOKEN_LEN, (int)strlen(a));
    CHECK_EQ_INT("hex", AUTH_TOKEN_LEN, (int)strspn(a, "0123456789abcdef"));
    CHECK_MSG(strcmp(a, b) != 0, "two tokens are equal: %s", a);
    CHECK(auth_token_ok(a));
}

static void hash_eq_and_limits(void)
{
    char h1[AUTH_HASH_LEN + 1], h2[AUTH_HASH_LEN + 1];
    auth_hash("token-one-xxxxxxxx", h1);
    auth_hash("token-one-xxxxxxxx", h2);
    CHECK(auth_hash_eq(h1, h2));
    auth_hash("token-two-xxxxxxxx", h2);
    CHECK(!auth_hash_eq(h1, h2));
    char big[AUTH_TOKEN_MAX + 2];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    CHECK_EQ_INT("too long", BH_ELIMIT, auth_hash(big, h1));
    CHECK(!auth_token_ok("short"));
    CHECK(!auth_token_ok("has a space in it......"));
    CHECK(auth_token_ok("0123456789abcdef"));
}

/* Each hash takes about 60 ms: three of them here. */
static void pw_hash_verify(void)
{
    char h1[AUTH_PW_HASH_MAX], h2[AUTH_PW_HASH_MAX];
    const char *pw = "correct horse";
    CHECK_EQ_INT("hash", BH_OK, auth_pw_hash(pw, strlen(pw), h1));
    CHECK_EQ_INT("hash again", BH_OK, auth_pw_hash(pw, strlen(pw), h2));
    CHECK_MSG(strncmp(h1, "$argon2id$v=19$m=65536,t=2,p=1$", 31) == 0, "encoded: %s", h1);
    CHECK_MSG(strcmp(h1, h2) != 0, "two salts are equal: %s", h1);
    CHECK_EQ_INT("verify", BH_OK, auth_pw_verify(h1, pw, strlen(pw)));
    CHECK_EQ_INT("verify the other", BH_OK, auth_pw_verify(h2, pw, strlen(pw)));
    CHECK_EQ_INT("wrong", BH_EAUTH, auth_pw_verify(h1, "correct horsE", strlen(pw)));
    CHECK_EQ_INT("prefix", BH_EAUTH, auth_pw_verify(h1, pw, strlen(pw) - 1));
    CHECK_EQ_INT("not a hash", BH_EAUTH, auth_pw_verify("$argon2id$nonsense", pw, strlen(pw)));
    char big[AUTH_PW_MAX + 1];
    memset(big, 'x', sizeof big);
    CHECK_EQ_INT("too long", BH_ELIMIT, auth_pw_hash(big, sizeof big, h2));
    CHECK_EQ_INT("too long verify", BH_EAUTH, auth_pw_verify(h1, big, sizeof big));
    const char *d = auth_pw_dummy_hash();
    CHECK(d != NULL && d == auth_pw_dummy_hash());
    CHECK_EQ_INT("dummy", BH_EAUTH, auth_pw_verify(d, pw, strlen(pw)));
}

static void name_keys(void)
{
    static const struct {
        const char *name, *key; /* key NULL: refused */
    } cases[] = {
        {"Ann", "ann"},
        {"ANN", "ann"},
        {"aNn", "ann"},
        {"Ivan", "lvan"},
        {"lvan", "lvan"},
        {"1van", "lvan"},
        {"ivan", "lvan"},
        {"Bob0", "bobo"},
        {"BobO", "bobo"},
        {"Darn", "dam"},
        {"DARN", "dam"},
        {"Dam", "dam"},
        {"vvolf", "wolf"},
        {"Wolf", "wolf"},
        {"rnrn", "mm"},
        {"rrn", "rm"},
        {"x_y-z", "x_y-z"},
        {"007", "oo7"},
        {"abcdefghijklmnopqrst", "abcdefghljklmnopqrst"},
        {"ab", NULL},
        {"abcdefghijklmnopqrstu", NULL},
        {"_ann", NULL},
        {"-ann", NULL},
        {"an n", NULL},
        {"ann!", NULL},
        {"\xd0\x90nn", NULL},  /* Cyrillic A */
        {"Ann\xc3\xa9", NULL}, /* e acute */
        {"", NULL},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        char key[AUTH_NAME_MAX + 1] = "untouched";
        int rc = auth_name_key(cases[i].name, key);
        if (cases[i].key) {
            CHECK_EQ_INT(cases[i].name, BH_OK, rc);
            CHECK_EQ_STR(cases[i].name, cases[i].key, key);
        } else {
            CHECK_EQ_INT(cases[i].name, BH_EINVAL, rc);
            CHECK_EQ_STR(cases[i].name, "untouched", key);
        }
    }
}

static const bh_test_case cases[] = {
    {"sha256_vectors", sha256_vectors},
    {"token_shape", token_shape},
    {"hash_eq_and_limits", hash_eq_and_limits},
    {"pw_hash_verify", pw_hash_verify},
    {"name_keys", name_keys},
};

BH_TEST_MAIN(cases)
