#!/usr/bin/env bash
# Builds the released image with buildah (no Docker engine, no base-image pull) the way the release
# workflow builds it with BuildKit: the context scripts/image-context.sh lays out from a release
# build, one image per architecture, joined in a manifest list. For each architecture it checks
# the platform, the entrypoint, the size, and that /war-room is the release binary byte for byte;
# then it mounts the image of this machine's architecture and runs its entrypoint under chroot
# against a test event and the in-memory GitHub (go test -run TestImage). It builds the App's
# image (the Dockerfile's app stage) from the same context for this machine's architecture,
# checks its user, entrypoint, command, health check and state directory, and runs its
# `war-room serve` under chroot as that user, through to a published decision. Needs root.
#
# usage: scripts/image-test.sh [DIST]   (DIST: the output of scripts/release-build.sh; without
#                                        it, the two linux binaries are built here)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v buildah >/dev/null || { echo "buildah is not installed (apt-get install -y buildah)"; exit 1; }

work=$(mktemp -d)
store="$work/storage"
trap 'buildah --root "$store" --runroot "$work/run" --storage-driver vfs umount --all >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
B=(buildah --root "$store" --runroot "$work/run" --storage-driver vfs)

dist=${1:-}
if [ -z "$dist" ]; then
  dist="$work/dist"
  TARGETS="linux/amd64 linux/arm64" VERSION=v0.0.0-image-test bash scripts/release-build.sh "$dist" >/dev/null
fi
bash scripts/image-context.sh "$dist" "$work/context"

host=$(go env GOARCH)
"${B[@]}" manifest create war-room:test >/dev/null
for arch in amd64 arm64; do
  "${B[@]}" bud --quiet --layers=false --platform "linux/$arch" -t "war-room:$arch" \
    -f "$work/context/Containerfile" "$work/context" >/dev/null
  "${B[@]}" manifest add war-room:test "war-room:$arch" >/dev/null
  got=$("${B[@]}" inspect --type image --format '{{.OCIv1.OS}}/{{.OCIv1.Architecture}}' "war-room:$arch")
  [ "$got" = "linux/$arch" ] || { echo "war-room:$arch is for $got"; exit 1; }
  entry=$("${B[@]}" inspect --type image --format '{{.OCIv1.Config.Entrypoint}}' "war-room:$arch")
  [ "$entry" = '[/war-room action]' ] || { echo "war-room:$arch: unexpected entrypoint $entry"; exit 1; }
  ctr=$("${B[@]}" from --platform "linux/$arch" "war-room:$arch")
  mnt=$("${B[@]}" mount "$ctr")
  cmp "$mnt/war-room" "$dist/war-room-linux-$arch" || { echo "war-room:$arch does not hold the release binary"; exit 1; }
  echo "war-room:$arch: /tmp mode $(stat -c %a "$mnt/tmp")"
  bytes=$(du -sb "$mnt" | cut -f1)
  # What a runner downloads is the gzip-compressed layer; what it unpacks is the root filesystem.
  gz=$(tar -C "$mnt" -cf - . | gzip -6 | wc -c)
  echo "image war-room:$arch: entrypoint $entry; compressed layer $((gz / 1024 / 1024)) MiB ($gz bytes); unpacked $((bytes / 1024 / 1024)) MiB ($bytes bytes)"
  [ "$gz" -le $((30 * 1000 * 1000)) ] || { echo "compressed image is over the 30 MB target"; exit 1; }
  [ "$arch" = "$host" ] && root=$mnt
done
platforms=$("${B[@]}" manifest inspect war-room:test | grep -o '"architecture": *"[a-z0-9]*"' | grep -o '[a-z0-9]*"$' | tr -d '"' | sort | tr '\n' ' ')
[ "$platforms" = "amd64 arm64 " ] || { echo "manifest list holds: $platforms"; exit 1; }
echo "manifest list war-room:test: linux/amd64 and linux/arm64"

# The App's image: docker format, since OCI images have no HEALTHCHECK.
"${B[@]}" bud --quiet --layers=false --format docker --platform "linux/$host" -t war-room-app:test \
  -f "$work/context/Containerfile.app" "$work/context" >/dev/null
app_config() { "${B[@]}" inspect --type image --format "{{$1}}" war-room-app:test; }
for check in ".OCIv1.Config.User=65532:65532" ".OCIv1.Config.Entrypoint=[/war-room]" ".OCIv1.Config.Cmd=[serve]" \
  ".Docker.Config.Healthcheck.Test=[CMD /war-room health]"; do
  got=$(app_config "${check%%=*}")
  [ "$got" = "${check#*=}" ] || { echo "war-room-app:test ${check%%=*} is $got, want ${check#*=}"; exit 1; }
done
app_config .OCIv1.Config.Env | grep -q 'WAR_ROOM_DB=/var/lib/war-room/war-room.db' || { echo "war-room-app:test sets no WAR_ROOM_DB"; exit 1; }
app=$("${B[@]}" mount "$("${B[@]}" from war-room-app:test)")
cmp "$app/war-room" "$dist/war-room-linux-$host" || { echo "war-room-app:test does not hold the release binary"; exit 1; }
echo "image war-room-app:test: user $(app_config .OCIv1.Config.User), /var/lib/war-room owned by $(stat -c %u:%g "$app/var/lib/war-room") mode $(stat -c %a "$app/var/lib/war-room"), health check $(app_config .Docker.Config.Healthcheck.Test)"

WAR_ROOM_IMAGE_ROOT="$root" WAR_ROOM_APP_IMAGE_ROOT="$app" go test -count=1 -run '^TestImage' -v ./cmd/war-room/ >"$work/test.log" 2>&1 || { cat "$work/test.log"; exit 1; }
grep -E '^(image |--- )' "$work/test.log"
for t in TestImageHandlesACommentUnderChroot TestImageAppServesAsItsOwnUser; do
  grep -q -- "--- PASS: $t" "$work/test.log" || { echo "$t did not run"; exit 1; }
done
