package engine_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCoreLinksNoConfigurationAndNoVendor holds the dependency rule: the engine and the
// protocols see only engine.Profiles, so neither the configuration package nor a vendor SDK is
// linked into them, and the vendor SDKs are imported by their adapters alone.
func TestCoreLinksNoConfigurationAndNoVendor(t *testing.T) {
	const mod = "github.com/war-room/war-room/"
	forbidden := []string{mod + "config", "github.com/anthropics/", "github.com/openai/", mod + "internal/wiring"}
	for _, pkg := range []string{"engine", "protocols/warroom", "protocols/reason", "protocols/council"} {
		for _, dep := range goList(t, "-deps", mod+pkg) {
			for _, f := range forbidden {
				if dep == f || strings.HasPrefix(dep, f) && strings.HasSuffix(f, "/") {
					t.Errorf("%s links %s", pkg, dep)
				}
			}
		}
	}
	sdk := map[string]string{"github.com/anthropics/anthropic-sdk-go": mod + "internal/provider/anthropic",
		"github.com/openai/openai-go": mod + "internal/provider/openai"}
	for _, line := range goList(t, "-f", "{{.ImportPath}} {{join .Imports \" \"}}", mod+"...") {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			for prefix, owner := range sdk {
				if strings.HasPrefix(imp, prefix) && fields[0] != owner {
					t.Errorf("%s imports %s; only %s may", fields[0], imp, owner)
				}
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
