#!/usr/bin/env bash
# haproxy-cfg.sh: print an HAProxy configuration for the server's nodes of one cluster
# (bughouse-server --node, docs/store-postgres.md "Nodes and the games they own").
#   scripts/haproxy-cfg.sh --bind ADDR:PORT [--pem FILE] [--tls-nodes] [--maxconn N] NAME=HOST:PORT ...
# --bind: where HAProxy listens. --pem: a certificate and its key in one file: HAProxy then
# speaks TLS to the browsers (https, wss); without it, plain http and ws. --tls-nodes: the
# nodes speak TLS (their --cert); HAProxy connects to them with TLS, without checking their
# certificate (they are on its own network). --maxconn: connections at once (default 9000:
# HAProxy needs about twice as many open files, and 9,000 fits a limit of 20,000; 10,000 games
# of four players need 40,000 and an open-files limit of 80,000 or more). NAME=HOST:PORT: each node, by its --node name.
# Routing: a WebSocket or page request with ?node=NAME goes to that node while it is up (the
# error `moved` names the node that runs a game, and the page connects again with that
# parameter); anything else, and a request for a node that is down, goes round robin to the
# nodes that are up (option redispatch: a connection that fails is tried on another node).
# Health: a TCP connect every 500 ms; two failures mark a node down, one success up again.
# Timeouts: a WebSocket may stay open for an hour without traffic in either direction (the
# nodes ping every 30 s); a connect waits 5 s.
set -euo pipefail
bind="" pem="" tls_nodes=0 maxconn=9000 nodes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --bind) bind=$2; shift 2 ;;
    --pem) pem=$2; shift 2 ;;
    --tls-nodes) tls_nodes=1; shift ;;
    --maxconn) maxconn=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *=*) nodes+=("$1"); shift ;;
    *) echo "haproxy-cfg: unknown argument \"$1\" (--help)" >&2; exit 2 ;;
  esac
done
if [ -z "$bind" ] || [ ${#nodes[@]} -eq 0 ]; then
  echo "haproxy-cfg: --bind ADDR:PORT and at least one NAME=HOST:PORT are needed (--help)" >&2
  exit 2
fi
ssl=""
[ -n "$pem" ] && ssl=" ssl crt $pem"
server_ssl=""
[ "$tls_nodes" = 1 ] && server_ssl=" ssl verify none"
cat <<EOF
# made by scripts/haproxy-cfg.sh $(date -u +%Y-%m-%dT%H:%M:%SZ)
global
    maxconn $maxconn

defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    timeout client-fin 5s
    option redispatch
    retries 3

frontend bughouse
    bind $bind$ssl
    default_backend nodes

backend nodes
    balance roundrobin
EOF
for n in "${nodes[@]}"; do
  name=${n%%=*}
  if ! [[ "$name" =~ ^[A-Za-z0-9._-]{1,63}$ ]]; then
    echo "haproxy-cfg: bad node name \"$name\"" >&2
    exit 2
  fi
  echo "    use-server $name if { urlp(node) -m str $name }"
done
for n in "${nodes[@]}"; do
  echo "    server ${n%%=*} ${n#*=} check inter 500 fall 2 rise 1$server_ssl"
done
