#!/usr/bin/env bash
# Lays out the build context of the released, multi-arch image in OUTDIR: the Dockerfile's own
# final stage (taken from it line for line) with its files taken from a release build instead of
# the build stage, the binary chosen per architecture. The image then holds the released linux
# binaries byte for byte. The release workflow builds OUTDIR/Containerfile with BuildKit;
# scripts/image-test.sh builds it with buildah.
#
# usage: scripts/image-context.sh DIST OUTDIR   (DIST: the output of scripts/release-build.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${1:?usage: scripts/image-context.sh DIST OUTDIR}
out=${2:?usage: scripts/image-context.sh DIST OUTDIR}

mkdir -p "$out"
for arch in amd64 arm64; do
  [ -f "$dist/war-room-linux-$arch" ] || { echo "$dist/war-room-linux-$arch: no such release binary" >&2; exit 1; }
  install -D -m 0755 "$dist/war-room-linux-$arch" "$out/linux-$arch/war-room"
done
cp /etc/ssl/certs/ca-certificates.crt "$out/ca-certificates.crt"
mkdir -p "$out/tmp" && chmod 1777 "$out/tmp"

# TARGETARCH is set by BuildKit and buildah for each platform they build.
sed -n '/^# final stage/,$p' Dockerfile | sed \
  -e 's#--from=build /out/war-room #linux-${TARGETARCH}/war-room #' \
  -e 's#--from=build /out/##' \
  -e '/^FROM scratch$/a ARG TARGETARCH' >"$out/Containerfile"
grep -q '^FROM scratch$' "$out/Containerfile" || { echo "no final stage found in Dockerfile" >&2; exit 1; }
if grep -q -- '--from=' "$out/Containerfile"; then
  echo "the Dockerfile's final stage copies something this script does not provide:" >&2
  grep -- '--from=' "$out/Containerfile" >&2
  exit 1
fi
