# shellcheck shell=bash
# Sourced by the container journey's scripts: host_apt_uri NAME prints the first archive of this
# machine's apt sources whose address ends in /NAME (debian, debian-security), so that what the
# journey fetches from Debian comes from the mirror the machine already uses.
host_apt_uri() {
  {
    grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{ for (i = 2; i <= NF; i++) print $i }'
    grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
      sed -E 's/^deb (\[[^]]*\] )?([^ ]+).*/\2/'
  } | sed 's:/$::' | grep -E "/$1\$" | head -n 1 || true
}
