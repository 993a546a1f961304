#!/usr/bin/env bash
# podman as podman-compose runs it for the journey (`--podman-path`), with the one thing
# podman 4.3 lacks: `podman wait --condition=healthy`, by which podman-compose 1.3 honours
# depends_on's `condition: service_healthy`. podman schedules health checks from systemd timers,
# which these machines lack, so here each container's own check is run until it passes (for
# at most JOURNEY_HEALTHY_TIMEOUT seconds, 300 by default). Everything else goes to podman.
set -euo pipefail
if [[ ${1:-} == wait && ${2:-} == --condition=healthy ]]; then
  shift 2
  deadline=$((SECONDS + ${JOURNEY_HEALTHY_TIMEOUT:-300}))
  for name in "$@"; do
    until podman healthcheck run "$name" >/dev/null 2>&1; do
      if ((SECONDS > deadline)); then
        echo "podman-for-compose.sh: $name is not healthy" >&2
        exit 1
      fi
      sleep 1
    done
  done
  exit 0
fi
exec podman "$@"
