#!/usr/bin/env bash
# Lays out the build context of the released, multi-arch image in OUTDIR: the Dockerfile's own
# final stage (taken from it line for line) with its files taken from a release build instead of
# the build stage, the binary chosen per architecture. The image then holds the released linux
# binaries byte for byte. The release workflow builds OUTDIR/Containerfile with BuildKit;
# scripts/image-test.sh builds it with buildah. OUTDIR/Containerfile.app is the App's stage,
# laid out the same way from the same context (scripts/image-test.sh builds it).
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

# The App's passwd and group lines and its state directory, as the build stage makes them.
install -d -m 0700 "$out/state"
sed -n "s/^ && echo '\(.*\)' >\/out\/\(passwd\|group\)\( \\\\\)\{0,1\}\$/\2 \1/p" Dockerfile | while read -r file line; do
  echo "$line" >"$out/$file"
done
[ -s "$out/passwd" ] && [ -s "$out/group" ] || { echo "the Dockerfile's build stage writes no passwd or group" >&2; exit 1; }

# layout FROM NAME: the stage on stdin with its copies taken from the context, into OUTDIR/NAME.
# TARGETARCH is set by BuildKit and buildah for each platform they build.
layout() {
  sed -e 's#--from=build /out/war-room #linux-${TARGETARCH}/war-room #' \
    -e 's#--from=build /out/##' \
    -e "/^$1\$/a ARG TARGETARCH" >"$out/$2"
  grep -q "^$1\$" "$out/$2" || { echo "no stage $1 found in Dockerfile" >&2; exit 1; }
  if grep -q -- '--from=' "$out/$2"; then
    echo "the Dockerfile's stage $1 copies something this script does not provide:" >&2
    grep -- '--from=' "$out/$2" >&2
    exit 1
  fi
}
sed -n '/^# final stage/,$p' Dockerfile | layout 'FROM scratch' Containerfile
sed -n '/^# app stage/,/^# final stage/p' Dockerfile | sed '$d' | layout 'FROM scratch AS app' Containerfile.app
