/* auth.h: tokens for the director, players and bots: random, shown once, stored hashed.
 * SPDX-License-Identifier: MIT
 * Tokens come from OpenSSL's RAND_bytes; only their SHA-256 (EVP) is ever stored, so a
 * copy of the database does not let anyone play a seat. */
#ifndef BH_AUTH_H
#define BH_AUTH_H

#include <stdbool.h>
#include <stddef.h>

#define AUTH_TOKEN_BYTES 16                   /* entropy per token */
#define AUTH_TOKEN_LEN (2 * AUTH_TOKEN_BYTES) /* hex characters, without the NUL */
#define AUTH_HASH_LEN 64                      /* hex SHA-256, without the NUL */
#define AUTH_TOKEN_MAX 128                    /* longest token accepted from a client */

/* Write a new random token (AUTH_TOKEN_LEN lowercase hex characters and a NUL) into out.
 * Returns BH_OK, or BH_EIO when OpenSSL's RNG fails (logged). */
int auth_token_new(char out[AUTH_TOKEN_LEN + 1]);

#define AUTH_KEY_BYTES 32 /* the key of the seat tokens (auth_seat_token) */

/* The player token of seat `seat` of game `game` (a login hands out the same token again
 * instead of a new one, so tokens do not pile up): the first AUTH_TOKEN_BYTES of
 * HMAC-SHA256(key, "bughouse seat <game> <seat>") (RFC 2104) as lowercase hex. Only its hash is
 * stored; without the key (bughouse-server keeps it in a file beside the database, not in it)
 * the database does not give the token. BH_OK, or BH_EIO when OpenSSL fails (logged). */
int auth_seat_token(const unsigned char key[AUTH_KEY_BYTES], long long game, int seat,
                    char out[AUTH_TOKEN_LEN + 1]);

/* The seat-token key in file path: read (exactly AUTH_KEY_BYTES bytes), or made with
 * RAND_bytes and written (mode 0600) when the file does not exist. BH_OK, BH_EIO (cannot read
 * or write it, or the RNG fails), BH_EPARSE (a file of another size). */
int auth_key_load(const char *path, unsigned char key[AUTH_KEY_BYTES]);

/* Write the hex SHA-256 of token (AUTH_HASH_LEN characters and a NUL) into out.
 * Returns BH_OK, BH_ELIMIT when token is longer than AUTH_TOKEN_MAX, BH_EIO when EVP fails. */
int auth_hash(const char *token, char out[AUTH_HASH_LEN + 1]);

/* Constant-time comparison of two NUL-terminated hashes of AUTH_HASH_LEN characters. */
bool auth_hash_eq(const char *a, const char *b);

/* Check that token is acceptable as an admin token given on the command line or in
 * BH_ADMIN_TOKEN: 16..AUTH_TOKEN_MAX printable ASCII characters without spaces. */
bool auth_token_ok(const char *token);

#endif
