# war-room's container image: the GitHub Action's runtime, and the App's.
#
# The binary is static (CGO_ENABLED=0: the SQLite driver is pure Go), so the final image holds
# only it, CA certificates and an empty /tmp. It runs as root because GitHub requires Docker
# container actions to (their workspace mounts are owned by the runner's root).
#
# Every stage is needed, so any builder (BuildKit or the legacy one) builds this file as is.
# CI has no Docker engine and cannot pull the Go image. The released image is the final stage
# below, taken from this file by scripts/image-context.sh and fed the release build's linux
# binaries; the release workflow builds it with BuildKit, scripts/image-test.sh with buildah.

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/war-room ./cmd/war-room \
 && cp /etc/ssl/certs/ca-certificates.crt /out/ca-certificates.crt \
 && mkdir -m 1777 /out/tmp

# final stage (scripts/image-context.sh takes this line down, with /out/ from a release build)
FROM scratch
COPY --from=build /out/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/tmp /tmp
COPY --from=build /out/war-room /war-room
ENV SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
ENTRYPOINT ["/war-room", "action"]
