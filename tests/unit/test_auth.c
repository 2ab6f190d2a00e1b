/* test_auth.c: tokens and hashes. SPDX-License-Identifier: MIT
 * The SHA-256 vectors are FIPS 180-2 appendix B ("abc") and the empty string. */
#include <string.h>

#include "auth.h"
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

static const bh_test_case cases[] = {
    {"sha256_vectors", sha256_vectors},
    {"token_shape", token_shape},
    {"hash_eq_and_limits", hash_eq_and_limits},
};

BH_TEST_MAIN(cases)
