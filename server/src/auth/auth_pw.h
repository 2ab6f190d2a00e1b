/* auth_pw.h: account passwords and account names: a memory-hard password hash, and the one
 * normalisation that decides when two names are the same account.
 * SPDX-License-Identifier: MIT
 * The hash is libsodium's crypto_pwhash_str (Argon2id, RFC 9106): the only code that includes
 * sodium.h is auth_pw.c. A hash takes tens of milliseconds on purpose, so the server calls
 * auth_pw_hash and auth_pw_verify on its worker thread, never on the loop's. The name rules
 * are pure and cheap (no library: names are ASCII, so no Unicode table is needed). */
#ifndef BH_AUTH_PW_H
#define BH_AUTH_PW_H

#include <stdbool.h>
#include <stddef.h>

/* Passwords: 8..128 bytes of valid UTF-8 (any characters but controls, which the decoder
 * refuses). The upper bound caps what one hash reads; the lower is NIST SP 800-63B's minimum
 * for a memorised secret chosen by its user. */
#define AUTH_PW_MIN 8
#define AUTH_PW_MAX 128

/* An encoded hash: "$argon2id$v=19$m=65536,t=2,p=1$<salt>$<hash>" (crypto_pwhash_STRBYTES,
 * 128, with the NUL); the parameters travel in the string, so a later change of the limits
 * still verifies the hashes stored before it. */
#define AUTH_PW_HASH_MAX 128

/* Make libsodium ready (sodium_init); idempotent and thread-safe. Call once before the other
 * functions (they call it too). BH_OK, or BH_EIO when libsodium cannot start (logged). */
int auth_pw_init(void);

/* The encoded hash of the password pw (len bytes, not necessarily NUL-terminated) into out
 * (NUL-terminated), with a fresh random salt. Limits: crypto_pwhash's INTERACTIVE ones,
 * opslimit 2 passes over memlimit 64 MiB (Argon2id, one lane). Measured on the project's
 * 2-core server (x86-64, libsodium 1.0.18): 61 ms median of 15 hashes (59..66 ms), verify the
 * same; MODERATE (3 passes, 256 MiB) took 499 ms and SENSITIVE is 1 GiB. A hash holds its
 * 64 MiB only while it runs, and the server runs them one at a time on its one worker thread,
 * so logins cost at most 64 MiB at once and about 16 a second of one core; the loop's core
 * keeps playing the games. Any thread. BH_OK, BH_ELIMIT (len over AUTH_PW_MAX), BH_ENOMEM
 * (libsodium could not get the memory: logged). */
int auth_pw_hash(const char *pw, size_t len, char out[AUTH_PW_HASH_MAX]);

/* Whether pw (len bytes) is the password of the encoded hash (a NUL-terminated string made by
 * auth_pw_hash, borrowed). Takes as long as auth_pw_hash. Any thread. BH_OK (it is), BH_EAUTH
 * (it is not, or hash is not an encoded hash, or len is over AUTH_PW_MAX). */
int auth_pw_verify(const char *hash, const char *pw, size_t len);

/* An encoded hash of a random password, made once (thread-safe; the first call costs one
 * hash): verifying against it when a login names no account takes as long as a real verify,
 * so the time of the refusal does not tell whether the name exists. Static storage, valid for
 * the process's life; NULL when libsodium fails (logged). */
const char *auth_pw_dummy_hash(void);

/* Account names: 3..20 characters from A-Z a-z 0-9 _ -, starting with a letter or a digit.
 * ASCII only: every Unicode letter outside ASCII has ASCII lookalikes (Cyrillic a, Greek O),
 * and the names are shown on boards, crosstables and BPGN files that must read the same in
 * any font. Shown as typed (case kept). */
#define AUTH_NAME_MIN 3
#define AUTH_NAME_MAX 20

/* The key of name: two names are the same account when their keys are equal (the accounts
 * table's unique column). The key folds case and the ASCII characters that look alike in
 * common sans-serif fonts (Unicode UTS #39's confusables restricted to ASCII): letters become
 * lowercase; then each of "i", "l", "1" becomes "l" and each of "o", "0" becomes "o"; then,
 * left to right, "rn" becomes "m" and "vv" becomes "w"; "_", "-", other letters and digits
 * stay themselves. So "Ann", "ANN" and "aNn" are one account, and so are "Ivan", "lvan" and
 * "1van", "Bob0" and "BobO", "Darn" and "Dam". Too strict at worst: a name refused with
 * `exists` can add a character.
 * Writes the key (at most AUTH_NAME_MAX characters and a NUL) into out. BH_OK, or BH_EINVAL
 * when name breaks the rules above (out then untouched). name: NUL-terminated, borrowed. */
int auth_name_key(const char *name, char out[AUTH_NAME_MAX + 1]);

#endif
