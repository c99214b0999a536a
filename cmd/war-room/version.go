package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

// version and commit are stamped at build time, as scripts/release-build.sh does:
//
//	go build -ldflags "-X main.version=v1.2.3 -X main.commit=<full commit id>"
//
// An unstamped build falls back to what the Go toolchain recorded in the binary.
var (
	version = "dev"
	commit  = ""
)

func init() {
	register(command{name: "version", run: runVersion})
}

// buildStamp is what `war-room version` reports.
type buildStamp struct {
	Version  string // release version, the module version of a go install, or "dev"
	Commit   string // full commit id, or "unknown"
	Modified bool   // built from a working tree with uncommitted changes
	Go       string // the Go toolchain that built the binary
	Platform string // GOOS/GOARCH
}

func runVersion(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "version", "")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	bi, ok := debug.ReadBuildInfo()
	b := resolveBuild(version, commit, bi, ok)
	modified := ""
	if b.Modified {
		modified = " (modified)"
	}
	fmt.Fprintf(e.stdout, "war-room %s\ncommit   %s%s\ngo       %s %s\n", b.Version, b.Commit, modified, b.Go, b.Platform)
	return nil
}

// resolveBuild prefers the ldflags stamp, then the build info the toolchain embeds (the module
// version of `go install …@vX`, the VCS revision of a build inside a checkout), then "dev".
func resolveBuild(stampedVersion, stampedCommit string, bi *debug.BuildInfo, ok bool) buildStamp {
	b := buildStamp{Version: stampedVersion, Commit: stampedCommit, Go: runtime.Version(),
		Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if ok && bi != nil {
		if bi.GoVersion != "" {
			b.Go = bi.GoVersion
		}
		if (b.Version == "" || b.Version == "dev") && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			b.Version = bi.Main.Version
		}
		if b.Commit == "" {
			b.Commit, b.Modified = vcsRevision(bi.Settings)
		}
	}
	if b.Version == "" {
		b.Version = "dev"
	}
	if b.Commit == "" {
		b.Commit = "unknown"
	}
	return b
}

func vcsRevision(settings []debug.BuildSetting) (rev string, modified bool) {
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	return rev, rev != "" && modified
}
