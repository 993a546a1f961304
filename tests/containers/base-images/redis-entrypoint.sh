#!/bin/bash
# Entrypoint of the local redis stand-in (tests/containers/base-images). Written for this
# project; it does what the compose file expects of the official image's entrypoint:
# - `redis-server` with no config file (the compose file passes options only) gets
#   `--protected-mode no --bind '* -::*'` first, so that the other containers on the network
#   reach it: without a config file redis otherwise refuses every client but loopback ones.
#   Options given later on the command line still win, since redis applies them in order.
# - as root, it hands /data to the redis user and runs redis-server as that user.
# Anything else (`redis-cli ...`, `bash`) runs as given.
set -euo pipefail

# `podman run <image> --port 7000` or `... my.conf`: options or a config file for redis-server.
if [[ "${1:-}" == -* || "${1:-}" == *.conf ]]; then
  set -- redis-server "$@"
fi

if [[ "${1:-}" == redis-server ]]; then
  shift
  # redis-server's first argument is a config file unless it is an option (`--...`).
  if [[ $# == 0 || "$1" == --* ]]; then
    set -- --protected-mode no --bind '* -::*' "$@"
  fi
  set -- redis-server "$@"
  if [[ $(id -u) == 0 ]]; then
    # The working folder (/data, often a volume that starts out root's) belongs to redis.
    find . \! -user redis -exec chown redis:redis '{}' +
    # Whatever redis writes (dumps, append-only files) is for its own user only.
    umask 0077
    exec setpriv --reuid=redis --regid=redis --init-groups -- "$@"
  fi
fi

exec "$@"
