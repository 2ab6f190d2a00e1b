/* net_cert.c: a self-signed development certificate made with the OpenSSL API on first
 * start (no openssl command line needed). SPDX-License-Identifier: MIT
 * EC P-256 key, X509v3 with subjectAltName localhost/127.0.0.1/::1, valid one year. The
 * key file is created with mode 0600 before any byte is written. */
#include <fcntl.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bh.h"
#include "log.h"
#include "net.h"

static int add_ext(X509 *crt, int nid, const char *value)
{
    X509V3_CTX v3;
    X509V3_set_ctx_nodb(&v3);
    X509V3_set_ctx(&v3, crt, crt, NULL, NULL, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(NULL, &v3, nid, value);
    if (!ext)
        return 0;
    int ok = X509_add_ext(crt, ext, -1);
    X509_EXTENSION_free(ext);
    return ok;
}

int net_cert_make_dev(const char *cert_path, const char *key_path)
{
    int rc = BH_EIO;
    FILE *kf = NULL, *cf = NULL;
    X509 *crt = NULL;
    EVP_PKEY *key = EVP_EC_gen("P-256");
    if (!key)
        goto fail;
    crt = X509_new();
    if (!crt || !X509_set_version(crt, 2) ||
        !ASN1_INTEGER_set(X509_get_serialNumber(crt), (long)getpid()) ||
        !X509_gmtime_adj(X509_getm_notBefore(crt), 0) ||
        !X509_gmtime_adj(X509_getm_notAfter(crt), 365L * 24 * 3600) || !X509_set_pubkey(crt, key))
        goto fail;
    X509_NAME *name = X509_get_subject_name(crt);
    if (!X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)"localhost",
                                    -1, -1, 0) ||
        !X509_set_issuer_name(crt, name) ||
        !add_ext(crt, NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1,IP:::1") ||
        !add_ext(crt, NID_basic_constraints, "critical,CA:FALSE") ||
        !X509_sign(crt, key, EVP_sha256()))
        goto fail;
    int fd = open(key_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || fchmod(fd, 0600) != 0 || !(kf = fdopen(fd, "w"))) {
        if (fd >= 0)
            close(fd);
        log_error("net: cannot write %s", key_path);
        goto fail;
    }
    if (!PEM_write_PrivateKey(kf, key, NULL, NULL, 0, NULL, NULL))
        goto fail;
    cf = fopen(cert_path, "w");
    if (!cf || !PEM_write_X509(cf, crt))
        goto fail;
    rc = BH_OK;
fail:
    if (rc != BH_OK)
        log_error("net: cannot make a development certificate (%s, %s): OpenSSL error %lu",
                  cert_path, key_path, ERR_get_error());
    if (kf && fclose(kf) != 0)
        rc = BH_EIO;
    if (cf && fclose(cf) != 0)
        rc = BH_EIO;
    X509_free(crt);
    EVP_PKEY_free(key);
    return rc;
}
