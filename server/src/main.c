/* main.c: bughouse-server entry point: parse flags -> open modules -> run loop -> teardown.
 * SPDX-License-Identifier: MIT
 * Wiring only (STYLE.md section 1). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "log.h"
#include "net.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: bughouse-server [--port N] [--iface ADDR] [--no-tls] [--cert PEM] "
               "[--key PEM] [--web DIR]\n"
               "  --port N      TCP port (default 8443)\n"
               "  --iface ADDR  address to bind (default 127.0.0.1)\n"
               "  --no-tls      plain http/ws; allowed only on a loopback address\n"
               "  --cert PEM    TLS certificate (default certs/dev-cert.pem)\n"
               "  --key PEM     TLS private key (default certs/dev-key.pem)\n"
               "  --web DIR     static files served at / (default clients/web)\n");
}

int main(int argc, char **argv)
{
    net_config cfg = {.iface = "127.0.0.1",
                      .port = 8443,
                      .tls = true,
                      .cert_path = "certs/dev-cert.pem",
                      .key_path = "certs/dev-key.pem",
                      .web_root = "clients/web"};
    static const struct option opts[] = {
        {"port", required_argument, NULL, 'p'}, {"iface", required_argument, NULL, 'i'},
        {"no-tls", no_argument, NULL, 'n'},     {"cert", required_argument, NULL, 'c'},
        {"key", required_argument, NULL, 'k'},  {"web", required_argument, NULL, 'w'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0},
    };
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'p': {
            char *end;
            long p = strtol(optarg, &end, 10);
            if (*end || p < 0 || p > 65535) {
                fprintf(stderr, "bughouse-server: --port wants 0..65535, got \"%s\"\n", optarg);
                return 2;
            }
            cfg.port = (int)p;
            break;
        }
        case 'i': cfg.iface = optarg; break;
        case 'n': cfg.tls = false; break;
        case 'c': cfg.cert_path = optarg; break;
        case 'k': cfg.key_path = optarg; break;
        case 'w': cfg.web_root = optarg; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (!cfg.tls && strncmp(cfg.iface, "127.", 4) != 0 && strcmp(cfg.iface, "localhost") != 0) {
        fprintf(stderr, "bughouse-server: --no-tls is allowed only on a loopback address\n");
        return 2;
    }
    net *n;
    int rc = net_open(&cfg, &n);
    if (rc != BH_OK) {
        fprintf(stderr, "bughouse-server: cannot listen on %s:%d: %s\n", cfg.iface, cfg.port,
                bh_strerror(rc));
        return 1;
    }
    log_info("listening on %s://%s:%d/", cfg.tls ? "https" : "http", cfg.iface, net_port(n));
    net_run(n);
    log_info("shutting down");
    net_close(n);
    return 0;
}
