#!/usr/bin/env bash
# Digest throughput of a review lane's streaming SHA-256 against `openssl dgst -sha256` on the
# same 100 MB diff, and the peak heap of building a lane for that diff. Prints the ratio
# (war-room MB/s ÷ openssl MB/s); at least 1 means hashing costs a lane no more than the
# fastest tool on the machine would. (sha256sum runs at a fraction of openssl's speed on
# machines with SHA extensions, so it made a flattering yardstick.)
#
#   bench/digest.sh            # 100 MB diff in a temporary directory
#   BENCHTIME=5x bench/digest.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v openssl >/dev/null || { echo "openssl not found" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
diff="$tmp/bench.diff"

# The Go benchmark writes the diff there first (when absent), so both sides hash one file.
out=$(WAR_ROOM_BENCH_DIFF="$diff" go test -run '^$' -bench 'Digest100MB|BuildLane100MB' \
	-benchtime "${BENCHTIME:-3x}" ./reviewlane)
echo "$out" | grep '^Benchmark'

ours=$(echo "$out" | awk '/^BenchmarkDigest100MB/ { for (i = 1; i <= NF; i++) if ($(i+1) == "MB/s") print $i }')
peak=$(echo "$out" | awk '/^BenchmarkBuildLane100MB/ { for (i = 1; i <= NF; i++) if ($(i+1) == "peak-heap-MB") print $i }')
bytes=$(stat -c %s "$diff")

# Best of three, after the Go run has warmed the page cache; MB is 10^6 bytes, as in go test.
best=""
for _ in 1 2 3; do
	start=$(date +%s%N)
	openssl dgst -sha256 "$diff" >/dev/null
	ns=$(( $(date +%s%N) - start ))
	if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
done
theirs=$(awk -v b="$bytes" -v ns="$best" 'BEGIN { printf "%.2f", b / 1e6 / (ns / 1e9) }')
ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')

printf 'diff size:            %d bytes\n' "$bytes"
printf 'war-room digest:      %s MB/s\n' "$ours"
printf 'openssl dgst -sha256: %s MB/s\n' "$theirs"
printf 'ratio (ours/openssl): %s\n' "$ratio"
printf 'peak heap building a lane: %s MB\n' "$peak"
