#!/usr/bin/env bash
# Points the Action (runs.image in action.yml) at REF:
#   Dockerfile                                        the runner builds the image on every run
#   docker://ghcr.io/OWNER/war-room@sha256:<64 hex>   the runner pulls a released image
# A tag is refused: it can be moved to another image, a digest cannot. The release workflow
# prints the exact command for the image it pushed; commit the result on the default branch.
#
# usage: scripts/action-image.sh REF [ACTION_YML]
set -euo pipefail
ref=${1:?usage: scripts/action-image.sh Dockerfile|docker://ghcr.io/OWNER/war-room@sha256:DIGEST [ACTION_YML]}
file=${2:-$(dirname "$0")/../action.yml}

if [ "$ref" != Dockerfile ] && ! [[ $ref =~ ^docker://ghcr\.io/[a-z0-9][a-z0-9-]*/war-room@sha256:[0-9a-f]{64}$ ]]; then
  echo "$ref: want Dockerfile or docker://ghcr.io/OWNER/war-room@sha256:<64 hex digits> (a digest, not a tag)" >&2
  exit 2
fi
n=$(sed -n '/^runs:/,/^[^ ]/p' "$file" | grep -c '^  image: ' || true)
[ "$n" = 1 ] || { echo "$file: want exactly one runs.image line, found $n" >&2; exit 1; }
sed -i "/^runs:/,/^[^ ]/ s#^  image: .*#  image: $ref#" "$file"
echo "$file: runs.image is now $ref"
