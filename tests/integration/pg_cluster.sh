#!/usr/bin/env bash
# pg_cluster.sh CMD [ARG...]: run CMD with BH_TEST_PG set to the URI of a throwaway PostgreSQL
# server, then stop the server and remove its folder; exits with CMD's status.
# The server: initdb into a new folder under ${TMPDIR:-/tmp}, listening on a Unix socket in
# that folder only (no TCP port, so no port to collide with), trust authentication for the
# user bh. initdb refuses to run as root: as root, the server runs as the user postgres
# (BH_PG_USER), which owns the folder. The binaries: BH_PG_BIN, else the newest
# /usr/lib/postgresql/*/bin. Missing binaries fail (exit 1), they never skip the test:
# apt-get install postgresql (scripts/deps.sh does).
# PG_CLUSTER_KEEP=1 leaves the server running and prints its folder and URI (for benchmarks:
# stop it with pg_ctl -D FOLDER/data stop).
set -euo pipefail
bin=${BH_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ]; then
  echo "pg_cluster: the PostgreSQL server binaries are missing (apt-get install postgresql)" >&2
  exit 1
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/bh_pg_XXXXXX")
as=()
if [ "$(id -u)" -eq 0 ]; then
  user=${BH_PG_USER:-postgres}
  chown "$user" "$dir"
  as=(runuser -u "$user" --)
fi
port=5432 # names the socket file in $dir only
stop() {
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
if ! "${as[@]}" "$bin/initdb" -D "$dir/data" -U bh --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1; then
  cat "$dir/initdb.log" >&2
  rm -rf "$dir"
  exit 1
fi
if ! "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-k $dir -p $port -c listen_addresses=''" start >/dev/null; then
  cat "$dir/server.log" >&2
  stop
  exit 1
fi
export BH_TEST_PG="postgresql://bh@/postgres?host=$dir&port=$port"
if [ "${PG_CLUSTER_KEEP:-}" = 1 ]; then
  echo "$dir $BH_TEST_PG"
  exit 0
fi
trap stop EXIT
rc=0
"$@" || rc=$?
exit $rc
