#!/usr/bin/env bash
# Builds war-room's release assets into OUTDIR: a static binary per target, stamped with the
# version and commit; a CycloneDX SBOM per binary, read from the build info the binary carries;
# and SHA256SUMS over all of them. The release workflow runs exactly this, and so does .ci/run
# (scripts/release-test.sh), so what CI checks is what a release ships.
#
# usage: scripts/release-build.sh OUTDIR
# env:   VERSION  the version to stamp (default: git describe --tags --always --dirty)
#        COMMIT   the commit to stamp (default: git rev-parse HEAD)
#        TARGETS  "os/arch" pairs separated by spaces (default: the six release targets)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/release-build.sh OUTDIR}
version=${VERSION:-$(git describe --tags --always --dirty)}
commit=${COMMIT:-$(git rev-parse HEAD)}
targets=${TARGETS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64}

# Both values end up inside -ldflags, and the version also names the image: refuse anything the
# linker's flag parser would split or an image tag cannot hold.
[[ $version =~ ^[0-9A-Za-z][0-9A-Za-z._-]{0,127}$ ]] || { echo "VERSION '$version': use letters, digits and ._- only" >&2; exit 2; }
[[ $commit =~ ^[0-9a-f]{7,64}$ ]] || { echo "COMMIT '$commit': want a hexadecimal commit id" >&2; exit 2; }
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "OUTDIR $out is not empty: SHA256SUMS would cover whatever is there" >&2; exit 2
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

# -trimpath and an empty build id make the binaries reproducible: the same commit, Go version
# and flags give the same bytes, so anyone can rebuild one and compare it with SHA256SUMS.
ldflags="-s -w -buildid= -X main.version=$version -X main.commit=$commit"
# cyclonedx-gomod is pinned in tools/go.mod, away from the module war-room is built from. Built
# for this machine once; it reads the target from GOOS/GOARCH for the package URLs it writes.
sbom=$(cd tools && go tool -n cyclonedx-gomod)
for t in $targets; do
  os=${t%/*} arch=${t#*/}
  ext=""
  [ "$os" = windows ] && ext=.exe
  bin="$out/war-room-$os-$arch$ext"
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -ldflags "$ldflags" -o "$bin" ./cmd/war-room
  GOOS=$os GOARCH=$arch "$sbom" bin -json -std -noserial -notimestamp \
    -version "$version" -output "$out/war-room-$os-$arch.cdx.json" "$bin"
done
(cd "$out" && sha256sum war-room-* >SHA256SUMS)
echo "release $version ($commit): $(echo $targets | wc -w) targets in $out"
