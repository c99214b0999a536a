#!/usr/bin/env bash
# Prints the notes of a release: how to fetch and verify its binaries, its image by digest, and
# the command that points the Action at that image. The release workflow publishes them.
#
# usage: scripts/release-notes.sh VERSION IMAGE   (IMAGE: ghcr.io/OWNER/war-room@sha256:…)
# env:   GITHUB_SERVER_URL, GITHUB_REPOSITORY (set on every Actions runner)
set -euo pipefail
version=${1:?usage: scripts/release-notes.sh VERSION IMAGE}
image=${2:?usage: scripts/release-notes.sh VERSION IMAGE}
repo=${GITHUB_REPOSITORY:-war-room/war-room}
server=${GITHUB_SERVER_URL:-https://github.com}

cat <<EOF
## Install

Static binaries for Linux, macOS and Windows on amd64 and arm64. Download one with
\`SHA256SUMS\`, check it, then run it:

\`\`\`sh
base=$server/$repo/releases/download/$version
curl -fsSL -O "\$base/war-room-linux-amd64" -O "\$base/SHA256SUMS"
grep ' war-room-linux-amd64$' SHA256SUMS | sha256sum --check   # macOS: shasum -a 256 --check
chmod +x war-room-linux-amd64 && ./war-room-linux-amd64 version
\`\`\`

Each binary has a CycloneDX SBOM beside it (\`war-room-<os>-<arch>.cdx.json\`) and a signed
provenance attestation: \`gh attestation verify war-room-linux-amd64 --repo $repo\`.

The image (linux/amd64 and linux/arm64, holding the same linux binaries):

\`\`\`
$image
\`\`\`

To make the Action pull this image instead of building its Dockerfile on every run:

\`\`\`sh
scripts/action-image.sh docker://$image
\`\`\`
EOF
