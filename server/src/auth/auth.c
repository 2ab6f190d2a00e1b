/* auth.c: token generation and hashing with OpenSSL (RAND_bytes, EVP SHA-256).
 * SPDX-License-Identifier: MIT */
#include "auth.h"

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bh.h"
#include "log.h"

static void to_hex(const unsigned char *in, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * n] = '\0';
}

int auth_token_new(char out[AUTH_TOKEN_LEN + 1])
{
    unsigned char raw[AUTH_TOKEN_BYTES];
    if (RAND_bytes(raw, sizeof raw) != 1) {
        log_error("auth: RAND_bytes failed: error %lu", ERR_get_error());
        return BH_EIO;
    }
    to_hex(raw, sizeof raw, out);
    OPENSSL_cleanse(raw, sizeof raw);
    return BH_OK;
}

int auth_seat_token(const unsigned char key[AUTH_KEY_BYTES], long long game, int seat,
                    char out[AUTH_TOKEN_LEN + 1])
{
    char text[64];
    int n = snprintf(text, sizeof text, "bughouse seat %lld %d", game, seat);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int md_len = 0;
    if (!HMAC(EVP_sha256(), key, AUTH_KEY_BYTES, (const unsigned char *)text, (size_t)n, md,
              &md_len) ||
        md_len < AUTH_TOKEN_BYTES) {
        log_error("auth: HMAC failed: error %lu", ERR_get_error());
        return BH_EIO;
    }
    to_hex(md, AUTH_TOKEN_BYTES, out);
    OPENSSL_cleanse(md, sizeof md);
    return BH_OK;
}

int auth_key_load(const char *path, unsigned char key[AUTH_KEY_BYTES])
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        unsigned char extra;
        ssize_t got = read(fd, key, AUTH_KEY_BYTES);
        ssize_t more = got == AUTH_KEY_BYTES ? read(fd, &extra, 1) : 0;
        close(fd);
        if (got != AUTH_KEY_BYTES || more != 0) {
            log_error("auth: %s: not a key of %d bytes", path, AUTH_KEY_BYTES);
            return got < 0 ? BH_EIO : BH_EPARSE;
        }
        return BH_OK;
    }
    if (errno != ENOENT) {
        log_error("auth: %s: %s", path, strerror(errno));
        return BH_EIO;
    }
    if (RAND_bytes(key, AUTH_KEY_BYTES) != 1) {
        log_error("auth: RAND_bytes failed: error %lu", ERR_get_error());
        return BH_EIO;
    }
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    ssize_t put = fd >= 0 ? write(fd, key, AUTH_KEY_BYTES) : -1;
    if (fd < 0 || put != AUTH_KEY_BYTES || fsync(fd) != 0) {
        log_error("auth: cannot write %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return BH_EIO;
    }
    close(fd);
    log_info("auth: made the seat-token key %s", path);
    return BH_OK;
}

int auth_hash(const char *token, char out[AUTH_HASH_LEN + 1])
{
    size_t n = strnlen(token, AUTH_TOKEN_MAX + 1);
    if (n > AUTH_TOKEN_MAX)
        return BH_ELIMIT;
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int md_len = 0;
    if (EVP_Digest(token, n, md, &md_len, EVP_sha256(), NULL) != 1 || md_len != 32) {
        log_error("auth: EVP_Digest failed: error %lu", ERR_get_error());
        return BH_EIO;
    }
    to_hex(md, md_len, out);
    return BH_OK;
}

bool auth_hash_eq(const char *a, const char *b)
{
    return CRYPTO_memcmp(a, b, AUTH_HASH_LEN) == 0;
}

bool auth_token_ok(const char *token)
{
    size_t n = strnlen(token, AUTH_TOKEN_MAX + 1);
    if (n < 16 || n > AUTH_TOKEN_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (token[i] <= ' ' || token[i] > '~')
            return false;
    return true;
}
