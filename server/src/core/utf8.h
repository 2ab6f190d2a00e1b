/* utf8.h: UTF-8 as RFC 3629 defines it (well-formed sequences, Unicode 15 Table 3-7): the
 * one validator the server uses for what it accepts and what it sends, and the helpers that
 * cut or pad text at character boundaries (fixed-width TRF fields).
 * SPDX-License-Identifier: MIT
 * Strict: overlong forms, surrogates (U+D800..U+DFFF), code points above U+10FFFF and
 * truncated sequences are all invalid, as in browsers' fatal TextDecoder and node's ws. */
#ifndef BH_UTF8_H
#define BH_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Length in bytes (1..4) of the well-formed sequence at s[0..n), storing its code point in
 * *cp (may be NULL); 0 when s[0..n) does not start with one (n == 0 included). */
size_t bh_utf8_seq(const char *s, size_t n, uint32_t *cp);

/* True when s[0..n) is entirely well-formed UTF-8. When it is not and bad_at is not NULL,
 * *bad_at gets the offset of the first byte that does not start a well-formed sequence. */
bool bh_utf8_valid(const char *s, size_t n, size_t *bad_at);

/* The length in bytes of the longest prefix of the NUL-terminated valid UTF-8 string s that
 * holds at most max_chars characters and at most max_bytes bytes, never ending inside a
 * character. *chars (may be NULL) gets the characters in that prefix. On invalid input the
 * cut may fall at any byte boundary after the last well-formed character (each invalid byte
 * counts as one character). */
size_t bh_utf8_prefix(const char *s, size_t max_chars, size_t max_bytes, size_t *chars);

/* Copy s into a new string (caller frees) with every byte that does not start a well-formed
 * sequence replaced by U+FFFD (the WHATWG "replacement" decoding, one per bad byte). */
char *bh_utf8_repair(const char *s, size_t n, size_t *out_len);

#endif
