#!/bin/bash
# Entrypoint of the local PostgreSQL stand-in (tests/containers/base-images). Written for this
# project; it does what the compose file expects of the official postgres image:
#   POSTGRES_USER      the superuser (default postgres)
#   POSTGRES_PASSWORD  its password; required unless POSTGRES_HOST_AUTH_METHOD=trust
#   POSTGRES_DB        a database made on the first start (default: the user's name)
#   POSTGRES_HOST_AUTH_METHOD  for connections over the network (default scram-sha-256)
#   POSTGRES_INITDB_ARGS       more initdb options (split on spaces)
# On the first start (an empty $PGDATA) it makes the cluster, then runs
# /docker-entrypoint-initdb.d/*.sql, *.sql.gz and *.sh in name order against POSTGRES_DB on a
# server that listens on a private socket only, so that nobody (not even the healthcheck's
# pg_isready) sees it before it is ready. Then, and on every later start, the server runs in
# the foreground as PID 1, as the postgres user, listening on every interface, port 5432.
# A command other than `postgres` (`psql -h db ...`, `bash`) runs as given.
set -euo pipefail

: "${PGDATA:=/var/lib/postgresql/data}"
export PGDATA

# `podman run <image> -c shared_buffers=256MB`: options for postgres.
if [[ "${1:-}" == -* ]]; then
  set -- postgres "$@"
fi
if [[ "${1:-}" != postgres ]]; then
  exec "$@"
fi

if [[ $(id -u) == 0 ]]; then
  # The data folder is often a fresh volume, owned by root: give it to postgres (only what is
  # not already its own, so a big existing cluster is not walked file by file), then run this
  # script again as postgres.
  mkdir -p "$PGDATA" /var/run/postgresql
  find "$PGDATA" \! -user postgres -exec chown postgres:postgres '{}' +
  chmod 0700 "$PGDATA"
  chown postgres:postgres /var/run/postgresql
  chmod 3777 /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups -- "$0" "$@"
fi

initialize() {
  local user="${POSTGRES_USER:-postgres}"
  local db="${POSTGRES_DB:-$user}"
  local auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
  local password="${POSTGRES_PASSWORD:-}"

  if [[ -z "$password" && "$auth" != trust ]]; then
    cat >&2 <<'MSG'
postgres-entrypoint: the database is not initialized and POSTGRES_PASSWORD is not set.
Set POSTGRES_PASSWORD (the superuser's password), or POSTGRES_HOST_AUTH_METHOD=trust to let
anyone on the network connect without one (for throwaway test containers only).
MSG
    exit 1
  fi

  echo "postgres-entrypoint: initializing $PGDATA (superuser $user, database $db)"
  # Password checks over the network, none on the container's own socket (docker exec).
  local initdb_args=(--pgdata="$PGDATA" --username="$user" --encoding=UTF8 --locale=C.UTF-8
    --auth-local=trust --auth-host="$auth")
  if [[ -n "${POSTGRES_INITDB_ARGS:-}" ]]; then
    local extra
    read -r -a extra <<<"$POSTGRES_INITDB_ARGS"
    initdb_args+=("${extra[@]}")
  fi
  if [[ -n "$password" ]]; then
    # The password reaches initdb through a pipe, never a file or the command line.
    initdb "${initdb_args[@]}" --pwfile=<(printf '%s\n' "$password")
  else
    initdb "${initdb_args[@]}"
  fi
  # initdb lets in loopback addresses only: the other containers come from anywhere.
  printf '\n# Any address, with a password (postgres-entrypoint.sh)\nhost all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"

  # A temporary server on a private socket and no TCP port, for the set-up below.
  local socket_dir
  socket_dir="$(mktemp -d)"
  pg_ctl --pgdata="$PGDATA" --wait --silent \
    --options="-c listen_addresses='' -c unix_socket_directories='$socket_dir'" start
  # What psql (and the *.sh scripts) connect with until the real server starts.
  export PGHOST="$socket_dir" PGPORT=5432 PGUSER="$user" PGDATABASE="$db"
  local psql=(psql -v ON_ERROR_STOP=1 --no-psqlrc --no-password --quiet)

  if [[ "$db" != postgres ]]; then
    "${psql[@]}" --dbname=postgres --set=db="$db" <<<'CREATE DATABASE :"db";'
  fi

  # A folder this user cannot read would skip every script without a word: say so instead.
  if [[ -d /docker-entrypoint-initdb.d && ! (-r /docker-entrypoint-initdb.d && -x /docker-entrypoint-initdb.d) ]]; then
    echo "postgres-entrypoint: /docker-entrypoint-initdb.d is not readable by $(id -un)" >&2
    exit 1
  fi
  # Name order, byte by byte, whatever the locale.
  local LC_COLLATE=C file
  shopt -s nullglob
  for file in /docker-entrypoint-initdb.d/*; do
    case "$file" in
      *.sql)
        echo "postgres-entrypoint: running $file"
        "${psql[@]}" --dbname="$db" --file="$file"
        ;;
      *.sql.gz)
        echo "postgres-entrypoint: running $file"
        gzip -dc "$file" | "${psql[@]}" --dbname="$db"
        ;;
      *.sh)
        echo "postgres-entrypoint: running $file"
        # Its own process (executable or not): it reaches the server through PGHOST & co.
        if [[ -x "$file" ]]; then "$file"; else bash "$file"; fi
        ;;
      *)
        echo "postgres-entrypoint: ignoring $file"
        ;;
    esac
  done
  shopt -u nullglob

  pg_ctl --pgdata="$PGDATA" --wait --silent --mode=fast stop
  rmdir "$socket_dir"
  unset PGHOST PGPORT PGUSER PGDATABASE
  echo "postgres-entrypoint: initialization done; starting PostgreSQL"
}

# PG_VERSION is the last thing initdb needs to have written for a usable cluster.
if [[ ! -s "$PGDATA/PG_VERSION" ]]; then
  initialize
fi
# exec: postgres becomes PID 1 and gets podman's stop signal itself.
exec "$@"
