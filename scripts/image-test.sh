#!/usr/bin/env bash
# Builds the Action's final image stage from a prebuilt static binary with buildah (no Docker
# engine, no base-image pull), reports its size, then mounts it and runs its entrypoint under
# chroot against a test event and the in-memory GitHub (go test -run TestImage). Needs root.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v buildah >/dev/null || { echo "buildah is not installed (apt-get install -y buildah)"; exit 1; }

work=$(mktemp -d)
store="$work/storage"
trap 'buildah --root "$store" --runroot "$work/run" --storage-driver vfs umount --all >/dev/null 2>&1 || true; rm -rf "$work" dist' EXIT
B=(buildah --root "$store" --runroot "$work/run" --storage-driver vfs)

rm -rf dist && mkdir -p dist && mkdir -m 1777 dist/tmp
CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o dist/war-room ./cmd/war-room
cp /etc/ssl/certs/ca-certificates.crt dist/ca-certificates.crt

# The Dockerfile's own final stage, fed from dist/ instead of the build stage: what CI tests is
# what users build, line for line.
sed -n '/^# final stage/,$p' Dockerfile | sed 's#--from=build /out/#dist/#' >"$work/Containerfile"
grep -q '^FROM scratch' "$work/Containerfile" || { echo "no final stage found in Dockerfile"; exit 1; }
"${B[@]}" bud --quiet --layers=false -t war-room:test -f "$work/Containerfile" . >/dev/null
size=$("${B[@]}" inspect --type image --format '{{.Size}}' war-room:test 2>/dev/null || true)
ctr=$("${B[@]}" from war-room:test)
mnt=$("${B[@]}" mount "$ctr")
bytes=$(du -sb "$mnt" | cut -f1)
# What a runner downloads is the gzip-compressed layer; what it unpacks is the root filesystem.
gz=$(tar -C "$mnt" -cf - . | gzip -6 | wc -c)
echo "image war-room:test: compressed layer $((gz / 1024 / 1024)) MiB ($gz bytes); unpacked $((bytes / 1024 / 1024)) MiB ($bytes bytes)"
[ "$gz" -le $((30 * 1000 * 1000)) ] || { echo "compressed image is over the 30 MB target"; exit 1; }
entry=$("${B[@]}" inspect --type image --format '{{.OCIv1.Config.Entrypoint}}' war-room:test)
echo "entrypoint: $entry"
[ "$entry" = '[/war-room action]' ] || { echo "unexpected entrypoint"; exit 1; }

WAR_ROOM_IMAGE_ROOT="$mnt" go test -count=1 -run '^TestImage' -v ./cmd/war-room/ >"$work/test.log" 2>&1 || { cat "$work/test.log"; exit 1; }
grep -E '^(image entrypoint|--- )' "$work/test.log"
grep -q -- '--- PASS: TestImageHandlesACommentUnderChroot' "$work/test.log" || { echo "the image test did not run"; exit 1; }
