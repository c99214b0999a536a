# war-room's container image: the GitHub Action's runtime, and the App's.
#
# The binary is static (CGO_ENABLED=0: the SQLite driver is pure Go), so the final image holds
# only it, CA certificates and an empty /tmp. It runs as root because GitHub requires Docker
# container actions to (their workspace mounts are owned by the runner's root).
#
# BINARY_STAGE picks where the binary comes from: "build" compiles it here; "prebuilt" takes
# dist/war-room and dist/ca-certificates.crt from the build context, which is how CI builds
# and tests the final stage without pulling a Go toolchain image (scripts/image-test.sh).
ARG BINARY_STAGE=build

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/war-room ./cmd/war-room \
 && cp /etc/ssl/certs/ca-certificates.crt /out/ca-certificates.crt \
 && mkdir -m 1777 /out/tmp

FROM scratch AS prebuilt
COPY dist/war-room dist/ca-certificates.crt /out/
COPY dist/tmp /out/tmp

FROM ${BINARY_STAGE} AS binary

FROM scratch
COPY --from=binary /out/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=binary /out/tmp /tmp
COPY --from=binary /out/war-room /war-room
ENV SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
ENTRYPOINT ["/war-room", "action"]
