#!/usr/bin/env bash
# Runs the release workflow's steps that can run here: the release build for all six targets
# (timed), the checks the workflow runs on it (go test -run TestRelease), and the image built
# from it with buildah (scripts/image-test.sh). Only the push and the attestations are left to
# the workflow. .ci/run calls this.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
commit=$(git rev-parse HEAD)
version="v0.0.0-ci.${commit:0:12}"

# Wall time depends on what else the machine runs; CPU time much less so. Both are reported.
TIMEFORMAT="six-target release build: %R s wall, %U s user + %S s system CPU"
time VERSION=$version COMMIT=$commit bash scripts/release-build.sh "$work/dist"

WAR_ROOM_RELEASE_DIR="$work/dist" WAR_ROOM_RELEASE_VERSION=$version WAR_ROOM_RELEASE_COMMIT=$commit \
  go test -count=1 -run '^TestRelease' -v ./cmd/war-room/ >"$work/test.log" 2>&1 || { cat "$work/test.log"; exit 1; }
grep -E '^\s*--- ' "$work/test.log"
grep -q -- '^--- PASS: TestReleaseAssets' "$work/test.log" || { echo "the release test did not run"; exit 1; }

bash scripts/image-test.sh "$work/dist"
