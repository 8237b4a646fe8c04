#!/usr/bin/env bash
# npm run test:fs: fetch-artifacts' committed bundle on real file systems with other naming rules than ext4, mounted
# through FUSE: NTFS as Windows sees it (lowntfs-3g with ignore_case and windows_names) and exFAT, each a 64 MB
# image on a loop device, plus a 2 MB tmpfs that fills up mid-download. The tests are test/fs/*.test.ts, kept out of
# `npm test` because this installs packages and mounts file systems. It needs root, /dev/fuse and a loop device;
# where the machine has not, it says why in one line and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "test:fs skipped: $1"
  exit 0
}
[ "$(id -u)" -eq 0 ] || skip "it mounts file systems, which needs root (run it as root, or in CI)"
[ -c /dev/fuse ] || skip "/dev/fuse is missing (a container started without --device /dev/fuse)"
[ -e /dev/loop-control ] || [ -b /dev/loop0 ] || skip "no loop device to mount the images from"

# ntfs-3g gives lowntfs-3g and mkntfs; exfat-fuse the FUSE driver; exfatprogs mkfs.exfat; unzip for extract: true.
missing=()
command -v lowntfs-3g >/dev/null && command -v mkntfs >/dev/null || missing+=(ntfs-3g)
command -v mount.exfat-fuse >/dev/null || missing+=(exfat-fuse)
command -v mkfs.exfat >/dev/null || missing+=(exfatprogs)
command -v unzip >/dev/null || missing+=(unzip)
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || skip "needs ${missing[*]}, and this machine has no apt-get to install them"
  echo "Installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/test-fs-XXXXXX")
loops=()
mounts=()
cleanup() {
  for m in "${mounts[@]}"; do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true; done
  # The FUSE drivers close their device a moment after the unmount; until then it cannot be detached.
  for l in "${loops[@]}"; do
    for _ in $(seq 50); do
      losetup -d "$l" 2>/dev/null || true
      losetup "$l" >/dev/null 2>&1 || break
      sleep 0.1
    done
    losetup "$l" >/dev/null 2>&1 && echo "test:fs: could not detach $l" >&2
  done
  rm -rf "$work"
}
trap cleanup EXIT

# A 64 MB image on a loop device, whose path goes into $device (and into loops, to detach it at the end).
image() {
  truncate -s 64M "$work/$1.img"
  device=$(losetup --find --show "$work/$1.img") || skip "no free loop device (losetup failed)"
  loops+=("$device")
}

image ntfs
ntfs=$device
mkntfs --quick --force --label lane "$ntfs" >/dev/null
mkdir "$work/ntfs"
lowntfs-3g "$ntfs" "$work/ntfs" -o ignore_case,windows_names || skip "lowntfs-3g could not mount the NTFS image"
mounts+=("$work/ntfs")

image exfat
exfat=$device
mkfs.exfat -L lane "$exfat" >/dev/null
mkdir "$work/exfat"
mount.exfat-fuse "$exfat" "$work/exfat" >/dev/null || skip "exfat-fuse could not mount the exFAT image"
mounts+=("$work/exfat")

mkdir "$work/small"
mount -t tmpfs -o size=2m tmpfs "$work/small" || skip "could not mount a small tmpfs"
mounts+=("$work/small")

echo "Mounted NTFS (ignore_case, windows_names) at $work/ntfs, exFAT at $work/exfat, a 2 MB tmpfs at $work/small"
TEST_FS_NTFS="$work/ntfs" TEST_FS_EXFAT="$work/exfat" TEST_FS_SMALL="$work/small" \
  npx vitest run --config vitest.fs.config.ts
