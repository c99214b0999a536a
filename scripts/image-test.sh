#!/usr/bin/env bash
# Builds the Action's and the App's final image stages from a prebuilt static binary with
# buildah (no Docker engine, no base-image pull), reports their size, then mounts each and runs
# it under chroot: the Action's entrypoint against a test event, the App's `war-room serve` as
# its unprivileged user against the in-memory GitHub (go test -run TestImage). Needs root.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v buildah >/dev/null || { echo "buildah is not installed (apt-get install -y buildah)"; exit 1; }

work=$(mktemp -d)
store="$work/storage"
trap 'buildah --root "$store" --runroot "$work/run" --storage-driver vfs umount --all >/dev/null 2>&1 || true; rm -rf "$work" dist' EXIT
B=(buildah --root "$store" --runroot "$work/run" --storage-driver vfs)

# dist/ holds what the Dockerfile's build stage leaves in /out/.
rm -rf dist && mkdir -p dist && mkdir -m 1777 dist/tmp && mkdir -m 0700 dist/state
CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o dist/war-room ./cmd/war-room
cp /etc/ssl/certs/ca-certificates.crt dist/ca-certificates.crt
sed -n "s/^ && echo '\(.*\)' >\/out\/\(passwd\|group\)\( \\\\\)\{0,1\}\$/\2 \1/p" Dockerfile | while read -r file line; do
	echo "$line" >"dist/$file"
done
[ -s dist/passwd ] && [ -s dist/group ] || { echo "the build stage writes no passwd or group"; exit 1; }

# build TAG FORMAT: the Containerfile on stdin (a stage of the Dockerfile, fed from dist/ instead
# of the build stage: what CI tests is what users build, line for line), then its size.
build() {
	sed 's#--from=build /out/#dist/#' >"$work/Containerfile"
	grep -q '^FROM scratch' "$work/Containerfile" || { echo "no stage found in Dockerfile for $1"; exit 1; }
	"${B[@]}" bud --quiet --layers=false --format "$2" -t "$1" -f "$work/Containerfile" . >/dev/null
	local ctr mnt bytes gz
	ctr=$("${B[@]}" from "$1")
	mnt=$("${B[@]}" mount "$ctr")
	bytes=$(du -sb "$mnt" | cut -f1)
	# What a runner downloads is the gzip-compressed layer; what it unpacks is the root filesystem.
	gz=$(tar -C "$mnt" -cf - . | gzip -6 | wc -c)
	echo "image $1: compressed layer $((gz / 1024 / 1024)) MiB ($gz bytes); unpacked $((bytes / 1024 / 1024)) MiB ($bytes bytes)" >&2
	[ "$gz" -le $((30 * 1000 * 1000)) ] || { echo "compressed image is over the 30 MB target" >&2; exit 1; }
	echo "$mnt"
}

# inspect TAG FIELD WANT
inspect() {
	local got
	got=$("${B[@]}" inspect --type image --format "{{$2}}" "$1")
	echo "$1 $2: $got"
	[ "$got" = "$3" ] || { echo "unexpected $2 (want $3)"; exit 1; }
}

# The Action: the Dockerfile's last stage.
action=$(sed -n '/^# final stage/,$p' Dockerfile | build war-room:test oci)
inspect war-room:test .OCIv1.Config.Entrypoint '[/war-room action]'
# The App: the stage "app", up to the final stage.
app=$(sed -n '/^# app stage/,/^# final stage/p' Dockerfile | sed '$d' | build war-room-app:test docker)
inspect war-room-app:test .OCIv1.Config.User '65532:65532'
inspect war-room-app:test .OCIv1.Config.Entrypoint '[/war-room]'
inspect war-room-app:test .OCIv1.Config.Cmd '[serve]'
inspect war-room-app:test .Docker.Config.Healthcheck.Test '[CMD /war-room health]'
"${B[@]}" inspect --type image --format '{{.OCIv1.Config.Env}}' war-room-app:test | grep -q 'WAR_ROOM_DB=/var/lib/war-room/war-room.db' ||
	{ echo "the App image does not set WAR_ROOM_DB"; exit 1; }

WAR_ROOM_IMAGE_ROOT="$action" WAR_ROOM_APP_IMAGE_ROOT="$app" go test -count=1 -run '^TestImage' -v ./cmd/war-room/ >"$work/test.log" 2>&1 || { cat "$work/test.log"; exit 1; }
grep -E '^(image |--- )' "$work/test.log"
for t in TestImageHandlesACommentUnderChroot TestImageAppServesAsItsOwnUser; do
	grep -q -- "--- PASS: $t" "$work/test.log" || { echo "$t did not run"; exit 1; }
done
