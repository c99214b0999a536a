# war-room's container images: the GitHub Action's runtime (the final stage, which action.yml
# builds and the release publishes), and the GitHub App's (the stage "app":
# docker build --target app).
#
# The binary is static (CGO_ENABLED=0: the SQLite driver is pure Go), so each image holds only
# it, CA certificates and an empty /tmp. The Action's runs as root because GitHub requires Docker
# container actions to (their workspace mounts are owned by the runner's root); the App's runs as
# an unprivileged user.
#
# Any builder (BuildKit or the legacy one) builds this file as is; the legacy one also builds
# the app stage when asked for the final one, which costs it a few copies.
# CI has no Docker engine and cannot pull the Go image. The released image is the final stage
# below, taken from this file by scripts/image-context.sh and fed the release build's linux
# binaries; the release workflow builds it with BuildKit, scripts/image-test.sh with buildah.
# scripts/image-context.sh lays out the app stage the same way, and scripts/image-test.sh builds
# and runs it too.

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/war-room ./cmd/war-room \
 && cp /etc/ssl/certs/ca-certificates.crt /out/ca-certificates.crt \
 && mkdir -m 1777 /out/tmp \
 && mkdir -m 0700 /out/state \
 && echo 'war-room:x:65532:65532:war-room serve:/var/lib/war-room:/sbin/nologin' >/out/passwd \
 && echo 'war-room:x:65532:' >/out/group

# app stage (scripts/image-context.sh takes this line to the final stage, with /out/ from a release build)
# war-room serve as user 65532, with no shell and no package manager. Its SQLite state (when no
# database URL is given) is in /var/lib/war-room, which belongs to that user: mount a volume
# there. Secrets come from the environment or from files mounted for that user to read.
FROM scratch AS app
COPY --from=build /out/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/passwd /etc/passwd
COPY --from=build /out/group /etc/group
# Builders do not keep a copied directory's own mode, so /tmp (where large deliveries wait for
# their signature check) belongs to the user rather than relying on 1777.
COPY --chown=65532:65532 --from=build /out/tmp /tmp
COPY --chown=65532:65532 --from=build /out/state /var/lib/war-room
COPY --from=build /out/war-room /war-room
ENV SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt HOME=/var/lib/war-room WAR_ROOM_DB=/var/lib/war-room/war-room.db
USER 65532:65532
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD ["/war-room", "health"]
ENTRYPOINT ["/war-room"]
CMD ["serve"]

# final stage (scripts/image-context.sh takes this line down, with /out/ from a release build)
FROM scratch
COPY --from=build /out/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/tmp /tmp
COPY --from=build /out/war-room /war-room
ENV SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
ENTRYPOINT ["/war-room", "action"]
