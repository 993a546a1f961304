#!/usr/bin/env bash
# Installs podman-compose 1.3 (run as root; .ci/run calls it when an older one is there or none).
# Debian 12's podman-compose 1.0 leaves `${VAR:-}` in docker-compose.yml unexpanded, so a
# service would get the text `${GOOGLE_CLIENT_ID:-}` as its setting. Debian 13's 1.3 expands it
# as Docker Compose does; it is pure Python, and what it needs (python3-dotenv, python3-yaml)
# is in Debian 12. Its package comes from this machine's own Debian mirror, through a private
# package list: trixie is never added to apt's sources.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=tests/containers/apt-mirror.sh
source "$here/apt-mirror.sh"

mirror="${DEBIAN_MIRROR:-$(host_apt_uri debian)}"
[[ -n $mirror ]] || {
  echo "install-podman-compose.sh: no Debian archive in this machine's apt sources: set DEBIAN_MIRROR" >&2
  exit 1
}
work="$(mktemp -d "${TMPDIR:-/tmp}/podman-compose.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/archives/partial"
echo "deb $mirror trixie main" >"$work/sources.list"
apt_private=(-o "Dir::Etc::sourcelist=$work/sources.list" -o Dir::Etc::sourceparts=- -o APT::Sandbox::User=root
  -o "Dir::State::Lists=$work/lists" -o "Dir::Cache::archives=$work/archives")
apt-get -qq "${apt_private[@]}" update
(cd "$work" && apt-get -qq "${apt_private[@]}" download podman-compose)
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-dotenv python3-yaml
dpkg -i "$work"/podman-compose_*_all.deb >/dev/null
podman-compose version | grep 'podman-compose version'
