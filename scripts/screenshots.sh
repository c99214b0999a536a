#!/usr/bin/env bash
# Pictures of what a reader meets: the decision each protocol publishes (the golden files of
# discussions/protocols_golden_test.go, written by a scripted run published to
# internal/githubfake) rendered with GitHub's markdown renderer (cmark-gfm) and GitHub's
# stylesheet (the npm package github-markdown-css), then photographed by headless Chromium.
# The pictures land in docs/images/; the script fails if any step of the rendering does.
#
#   bash scripts/screenshots.sh            # needs cmark-gfm, chromium, npm
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in cmark-gfm chromium npm; do
  command -v "$tool" >/dev/null || { echo "scripts/screenshots.sh: $tool is not installed (Debian packages cmark-gfm, chromium, npm)" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund github-markdown-css@5.9.0 >/dev/null)
css="$work/node_modules/github-markdown-css/github-markdown-light.css"
[ -s "$css" ] || { echo "scripts/screenshots.sh: github-markdown-css did not install" >&2; exit 1; }

mkdir -p docs/images
for name in war-room-full reason council; do
  dir="discussions/testdata/golden/$name"
  [ -f "$dir/body.md" ] || { echo "scripts/screenshots.sh: $dir/body.md is missing" >&2; exit 1; }
  page="$work/$name.html"
  {
    printf '<!doctype html><html><head><meta charset="utf-8"><style>%s\n' "$(cat "$css")"
    printf 'body{margin:0;background:#fff}.box{box-sizing:border-box;max-width:900px;margin:0 auto;padding:24px}'
    printf '.post{border:1px solid #d0d7de;border-radius:6px;padding:16px 24px;margin-bottom:16px}'
    printf 'h1.title{font:600 24px -apple-system,Segoe UI,sans-serif;margin:0 0 16px}</style></head><body><div class="box">\n'
    printf '<h1 class="title">%s</h1>\n' "$(sed 's/&/\&amp;/g; s/</\&lt;/g' "$dir/title.txt")"
    for part in "$dir/body.md" "$dir"/comment-*.md; do
      printf '<div class="post markdown-body">\n'
      cmark-gfm --unsafe -e table -e strikethrough -e autolink -e tasklist "$part"
      printf '</div>\n'
    done
    printf '</div></body></html>\n'
  } > "$page"
  grep -q '<strong>Decided:</strong>' "$page" || { echo "scripts/screenshots.sh: $name's card did not render" >&2; exit 1; }
  out="docs/images/decision-$name.png"
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile-$name" --hide-scrollbars --window-size=960,2400 \
    --screenshot="$out" "file://$page" >/dev/null 2>&1
  [ -s "$out" ] || { echo "scripts/screenshots.sh: chromium wrote no $out" >&2; exit 1; }
  echo "wrote $out"
done

# An outcome recorded on a decision's discussion, as GitHub renders its comment.
page="$work/outcome.html"
{
  printf '<!doctype html><html><head><meta charset="utf-8"><style>%s\n' "$(cat "$css")"
  printf 'body{margin:0;background:#fff}.box{box-sizing:border-box;max-width:900px;margin:0 auto;padding:24px}'
  printf '.post{border:1px solid #d0d7de;border-radius:6px;padding:16px 24px}</style></head><body><div class="box">\n'
  printf '<div class="post markdown-body">\n'
  cmark-gfm --unsafe -e table -e strikethrough -e autolink -e tasklist discussions/testdata/golden/outcome/comment-outcome.md
  printf '</div></div></body></html>\n'
} > "$page"
grep -q '<strong>Outcome 1:' "$page" || { echo "scripts/screenshots.sh: the outcome did not render" >&2; exit 1; }
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$work/profile-outcome" --hide-scrollbars --window-size=960,560 \
  --screenshot=docs/images/outcome-comment.png "file://$page" >/dev/null 2>&1
[ -s docs/images/outcome-comment.png ] || { echo "scripts/screenshots.sh: chromium wrote no outcome picture" >&2; exit 1; }
echo "wrote docs/images/outcome-comment.png"

# The decision log as `war-room site` writes it, from the fake GitHub's published decisions
# (cmd/war-room's TestSiteFromPublishedDecisions keeps its site where WAR_ROOM_SITE_OUT says).
site="$work/site"
WAR_ROOM_SITE_OUT="$site" go test ./cmd/war-room -run '^TestSiteFromPublishedDecisions$' -count=1 >/dev/null
[ -s "$site/index.html" ] || { echo "scripts/screenshots.sh: the site test wrote no index" >&2; exit 1; }
for shot in "index:index.html:960,520" "decision:decisions/3.html:960,1000" "outcome:decisions/1.html:960,760"; do
  IFS=: read -r name path size <<<"$shot"
  out="docs/images/site-$name.png"
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile-site-$name" --hide-scrollbars --window-size="$size" \
    --screenshot="$out" "file://$site/$path" >/dev/null 2>&1
  [ -s "$out" ] || { echo "scripts/screenshots.sh: chromium wrote no $out" >&2; exit 1; }
  echo "wrote $out"
done
