package layout_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const mod = "github.com/war-room/war-room/"

// imports maps every package of the module to the packages it imports directly.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, line := range goList(t, "-f", "{{.ImportPath}} {{join .Imports \" \"}}", mod+"...") {
		fields := strings.Fields(line)
		out[fields[0]] = fields[1:]
	}
	return out
}

// protocolOf names the protocol package a path belongs to ("protocols/warroom" for
// protocols/warroom and anything below it), or "" for the registry, its internal helpers and
// everything outside protocols/.
func protocolOf(path string) string {
	rest, ok := strings.CutPrefix(path, mod+"protocols/")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	if name == "internal" {
		return ""
	}
	return "protocols/" + name
}

// A protocol is its package and one registry line: it may use the engine and the protocols'
// shared helpers, never another protocol, so that adding or changing one touches no other.
func TestProtocolsImportNoOtherProtocol(t *testing.T) {
	for pkg, deps := range imports(t) {
		own := protocolOf(pkg)
		if own == "" {
			continue
		}
		for _, dep := range deps {
			if other := protocolOf(dep); other != "" && other != own {
				t.Errorf("%s imports %s: protocols never import each other", strings.TrimPrefix(pkg, mod), strings.TrimPrefix(dep, mod))
			}
		}
	}
}

// The engine is the runtime only: it links no protocol, no adapter, no store, no GitHub and no
// configuration, and the protocols link neither configuration nor a vendor SDK — they see only
// engine.Profiles.
func TestEngineAndProtocolsLinkNoOuterLayer(t *testing.T) {
	outer := []string{mod + "config", mod + "protocols", mod + "internal/provider/", mod + "internal/store",
		mod + "internal/github", mod + "internal/wiring", mod + "bot", mod + "session", mod + "discussions",
		mod + "reviewlane", "github.com/anthropics/", "github.com/openai/"}
	for _, pkg := range goList(t, mod+"engine/...") {
		for _, dep := range goList(t, "-deps", pkg) {
			for _, f := range outer {
				if strings.HasPrefix(dep, f) {
					t.Errorf("%s links %s", strings.TrimPrefix(pkg, mod), dep)
				}
			}
		}
	}
	forProtocols := []string{mod + "config", mod + "internal/wiring", mod + "internal/provider/",
		"github.com/anthropics/", "github.com/openai/"}
	for _, p := range []string{"protocols/warroom", "protocols/reason", "protocols/council"} {
		for _, dep := range goList(t, "-deps", mod+p) {
			for _, f := range forProtocols {
				if dep == strings.TrimSuffix(f, "/") || strings.HasPrefix(dep, f) {
					t.Errorf("%s links %s", p, dep)
				}
			}
		}
	}
}

// The record is below the engine's runtime: it verifies a deliberation however it was read,
// so it links nothing of war-room's.
func TestRecordLinksNothingOfWarRoom(t *testing.T) {
	for _, dep := range goList(t, "-deps", mod+"engine/record") {
		if strings.HasPrefix(dep, mod) && dep != mod+"engine/record" {
			t.Errorf("engine/record links %s", dep)
		}
	}
	// Prompt safety is below the runtime too: it may use the record's digest, nothing else.
	for _, dep := range goList(t, "-deps", mod+"engine/promptsafe") {
		if strings.HasPrefix(dep, mod) && dep != mod+"engine/promptsafe" && dep != mod+"engine/record" {
			t.Errorf("engine/promptsafe links %s", dep)
		}
	}
}

// Nothing below the top folders' order imports upward: engine imports nothing outside engine/,
// and config nothing outside config/ and engine/, so that the folders read top to bottom
// cmd → bot → session → {discussions, reviewlane, protocols} → internal → config → engine.
func TestLowerFoldersImportNothingAbove(t *testing.T) {
	for pkg, deps := range imports(t) {
		var allowed []string
		switch {
		case strings.HasPrefix(pkg, mod+"engine"):
			allowed = []string{mod + "engine"}
		case strings.HasPrefix(pkg, mod+"config"):
			allowed = []string{mod + "engine", mod + "config"}
		default:
			continue
		}
		for _, dep := range deps {
			if strings.HasPrefix(dep, mod) && !slices.ContainsFunc(allowed, func(a string) bool { return strings.HasPrefix(dep, a) }) {
				t.Errorf("%s imports %s, a folder above it", strings.TrimPrefix(pkg, mod), strings.TrimPrefix(dep, mod))
			}
		}
	}
}

// The surfaces know protocols only through the registry: the CLI, bot, session, discussions
// and reviewlane import no protocol package, so adding one changes none of them.
func TestSurfacesReachProtocolsOnlyThroughTheRegistry(t *testing.T) {
	for _, surface := range []string{"cmd/war-room", "bot", "session", "discussions", "reviewlane"} {
		for _, dep := range imports(t)[mod+surface] {
			if protocolOf(dep) != "" {
				t.Errorf("%s imports %s: reach a protocol through the protocols registry", surface, strings.TrimPrefix(dep, mod))
			}
		}
	}
}

// A vendor SDK is imported by its adapter alone.
func TestVendorSDKsOnlyInTheirAdapters(t *testing.T) {
	sdk := map[string]string{"github.com/anthropics/anthropic-sdk-go": mod + "internal/provider/anthropic",
		"github.com/openai/openai-go": mod + "internal/provider/openai"}
	for pkg, deps := range imports(t) {
		for _, imp := range deps {
			for prefix, owner := range sdk {
				if strings.HasPrefix(imp, prefix) && pkg != owner {
					t.Errorf("%s imports %s; only %s may", pkg, imp, owner)
				}
			}
		}
	}
}

// River is the job queue's mechanism, imported by bot/queue alone: the App's handlers see a
// queue.Job and answer with an error (queue.Cancel, queue.Snooze), never a River type, so the
// queue can change without touching them.
func TestRiverOnlyInTheQueue(t *testing.T) {
	for pkg, deps := range imports(t) {
		for _, imp := range deps {
			if strings.HasPrefix(imp, "github.com/riverqueue/river") && pkg != mod+"bot/queue" {
				t.Errorf("%s imports %s; only bot/queue may", strings.TrimPrefix(pkg, mod), imp)
			}
		}
	}
}

func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %v: %v", args, err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}
