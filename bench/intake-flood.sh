#!/usr/bin/env bash
# Peak memory of a real `war-room serve` while N forged bodies of SIZE MB arrive at once (the
# issue-13 measurement: 16 bodies of 24 MB took serve from 35 MiB to 818 MiB before the 401s).
# Prints the process's resident set before and its peak (VmHWM) after, and every status.
# Bounded: N bodies, each sent once; nothing waits on a clock.
#
#   bench/intake-flood.sh            # 16 bodies of 24 MB
#   N=32 SIZE=24 bench/intake-flood.sh
#   BIN=/path/to/older/war-room bench/intake-flood.sh   # measure another build
set -euo pipefail
cd "$(dirname "$0")/.."
n=${N:-16}
size=${SIZE:-24}
command -v curl >/dev/null && command -v openssl >/dev/null || { echo "needs curl and openssl" >&2; exit 1; }

tmp=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
bin=${BIN:-$tmp/war-room}
[ -n "${BIN:-}" ] || go build -o "$bin" ./cmd/war-room
openssl genrsa -out "$tmp/app.pem" 2048 2>/dev/null
echo "bench-secret" >"$tmp/secret"
head -c "$((size * 1000 * 1000))" /dev/zero | tr '\0' 'x' >"$tmp/body"

# GitHub is never asked anything: the slug is given and no delivery is valid.
"$bin" serve --addr 127.0.0.1:0 --db "$tmp/state/war-room.db" --app-id 1 --app-slug bench \
	--private-key "$tmp/app.pem" --webhook-secret "$tmp/secret" 2>"$tmp/log" &
pid=$!
for _ in $(seq 100); do
	addr=$(sed -n -e 's/.*msg=serving addr=\([^ ]*\).*/\1/p' -e 's/.*"msg":"serving","addr":"\([^"]*\)".*/\1/p' "$tmp/log")
	[ -n "$addr" ] && break
	kill -0 "$pid" 2>/dev/null || { cat "$tmp/log"; exit 1; }
	sleep 0.1
done
[ -n "$addr" ] || { echo "serve did not listen"; cat "$tmp/log"; exit 1; }
rss() { awk -v k="$1" '$1 == k":" { printf "%.1f", $2 / 1024 }' "/proc/$pid/status"; }
before=$(rss VmRSS)

forged="sha256=$(printf '%064d' 0)"
for i in $(seq "$n"); do
	curl -s -o /dev/null -w '%{http_code}\n' -X POST --data-binary "@$tmp/body" \
		-H "X-GitHub-Event: issue_comment" -H "X-GitHub-Delivery: flood-$i" -H "X-Hub-Signature-256: $forged" \
		-H "Content-Type: application/json" "http://$addr/webhook" >"$tmp/status-$i" &
done
wait $(jobs -p | grep -v "^$pid$")
statuses=$(cat "$tmp"/status-* | sort | uniq -c | tr -s ' ' | tr '\n' ';')
printf 'bodies:              %d x %d MB, forged signature\n' "$n" "$size"
printf 'answers:             %s\n' "$statuses"
printf 'resident before:     %s MiB\n' "$before"
printf 'resident peak after: %s MiB (VmHWM)\n' "$(rss VmHWM)"
