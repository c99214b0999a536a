package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"debug/buildinfo"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// releaseTargets are the platforms a release ships binaries for.
var releaseTargets = []struct{ os, arch string }{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

// TestReleaseAssets checks a directory written by scripts/release-build.sh: six binaries for
// the right platforms, statically linked where the platform allows, stamped with the version and
// commit asked for; an SBOM per binary that lists what the binary's build info lists; and a
// SHA256SUMS that covers every asset. scripts/release-test.sh (run by .ci/run) and the release
// workflow set WAR_ROOM_RELEASE_DIR, _VERSION and _COMMIT; without them the test is skipped.
func TestReleaseAssets(t *testing.T) {
	dir := os.Getenv("WAR_ROOM_RELEASE_DIR")
	if dir == "" {
		t.Skip("WAR_ROOM_RELEASE_DIR is unset: run scripts/release-test.sh")
	}
	v, c := os.Getenv("WAR_ROOM_RELEASE_VERSION"), os.Getenv("WAR_ROOM_RELEASE_COMMIT")
	require.NotEmpty(t, v, "WAR_ROOM_RELEASE_VERSION")
	require.NotEmpty(t, c, "WAR_ROOM_RELEASE_COMMIT")

	sums := readChecksums(t, filepath.Join(dir, "SHA256SUMS"))
	var want []string
	for _, tg := range releaseTargets {
		name := "war-room-" + tg.os + "-" + tg.arch
		bin := name
		if tg.os == "windows" {
			bin += ".exe"
		}
		want = append(want, bin, name+".cdx.json")
		t.Run(tg.os+"/"+tg.arch, func(t *testing.T) {
			path := filepath.Join(dir, bin)
			checkExecutable(t, path, tg.os, tg.arch)
			checkStamp(t, path, tg.os, tg.arch, v, c)
			checkSBOM(t, filepath.Join(dir, name+".cdx.json"), path, tg.os, tg.arch, v)
		})
	}
	sort.Strings(want)
	assert.Equal(t, want, slices.Sorted(maps.Keys(sums)), "SHA256SUMS lists exactly the binaries and SBOMs")
	assets, err := filepath.Glob(filepath.Join(dir, "*"))
	require.NoError(t, err)
	assert.Len(t, assets, len(want)+1, "the release directory holds the assets and SHA256SUMS, nothing else")
	for name, sum := range sums {
		assert.Equal(t, sum, fileSHA256(t, filepath.Join(dir, name)), "SHA256SUMS entry for %s", name)
	}
	// What the install docs tell users to run.
	if _, err := exec.LookPath("sha256sum"); err == nil {
		check := exec.Command("sha256sum", "--check", "--strict", "SHA256SUMS")
		check.Dir = dir
		out, err := check.CombinedOutput()
		assert.NoError(t, err, "sha256sum --check: %s", out)
	}
}

// checkExecutable reads the binary's headers: the format, CPU and kind of executable its
// platform runs, and no dynamic loader on Linux (CGO_ENABLED=0). A darwin binary always links
// libSystem, which is how Go calls the kernel there.
func checkExecutable(t *testing.T, path, goos, goarch string) {
	t.Helper()
	switch goos {
	case "linux":
		f, err := elf.Open(path)
		require.NoError(t, err)
		defer f.Close()
		machine := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[goarch]
		assert.Equal(t, machine, f.Machine)
		assert.Equal(t, elf.ET_EXEC, f.Type)
		for _, p := range f.Progs {
			assert.NotEqual(t, elf.PT_INTERP, p.Type, "a static binary has no program interpreter")
		}
		libs, _ := f.ImportedLibraries()
		assert.Empty(t, libs, "shared libraries")
	case "darwin":
		f, err := macho.Open(path)
		require.NoError(t, err)
		defer f.Close()
		cpu := map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64}[goarch]
		assert.Equal(t, cpu, f.Cpu)
		assert.Equal(t, macho.TypeExec, f.Type)
	case "windows":
		f, err := pe.Open(path)
		require.NoError(t, err)
		defer f.Close()
		machine := map[string]uint16{"amd64": pe.IMAGE_FILE_MACHINE_AMD64, "arm64": pe.IMAGE_FILE_MACHINE_ARM64}[goarch]
		assert.Equal(t, machine, f.Machine)
		assert.NotZero(t, f.Characteristics&pe.IMAGE_FILE_EXECUTABLE_IMAGE)
		opt, ok := f.OptionalHeader.(*pe.OptionalHeader64)
		require.True(t, ok, "a 64-bit PE optional header")
		assert.Equal(t, uint16(pe.IMAGE_SUBSYSTEM_WINDOWS_CUI), opt.Subsystem, "a console program")
	default:
		t.Fatalf("no header check for %s", goos)
	}
}

// checkStamp reads the build settings the toolchain recorded and looks for the stamped strings
// in the binary; it runs the binary where this machine can.
func checkStamp(t *testing.T, path, goos, goarch, version, commit string) {
	t.Helper()
	info, err := buildinfo.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "github.com/war-room/war-room/cmd/war-room", info.Path)
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	assert.Equal(t, goos, settings["GOOS"])
	assert.Equal(t, goarch, settings["GOARCH"])
	assert.Equal(t, "0", settings["CGO_ENABLED"])
	assert.Equal(t, "true", settings["-trimpath"])
	// -trimpath keeps -ldflags out of the build info, so the stamp is looked for in the bytes:
	// the version string is nowhere else, the commit also in the VCS revision when one was
	// recorded.
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Positive(t, bytes.Count(data, []byte(version)), "the binary holds the stamped version %s", version)
	recorded := 0
	if settings["vcs.revision"] == commit {
		recorded = 1
	}
	assert.Greater(t, bytes.Count(data, []byte(commit)), recorded, "the binary holds the stamped commit %s", commit)
	if goos != runtime.GOOS || goarch != runtime.GOARCH {
		return
	}
	out, err := exec.Command(path, "version").CombinedOutput()
	require.NoError(t, err, "%s", out)
	want := fmt.Sprintf("war-room %s\ncommit   %s\ngo       %s %s/%s\n", version, commit, info.GoVersion, goos, goarch)
	assert.Equal(t, want, string(out))
}

// cdxDocument is the part of a CycloneDX JSON document the release promises.
type cdxDocument struct {
	BOMFormat   string `json:"bomFormat"`
	SpecVersion string `json:"specVersion"`
	Metadata    struct {
		Component  cdxComponent `json:"component"`
		Properties []struct{ Name, Value string }
	} `json:"metadata"`
	Components []cdxComponent `json:"components"`
}

type cdxComponent struct {
	Type    string `json:"type"`
	Name    string `json:"name"`
	Version string `json:"version"`
	PURL    string `json:"purl"`
}

// checkSBOM holds the SBOM to the binary it describes: its hash, platform and version, and the
// same module list (plus the standard library) that `go version -m` prints for it.
func checkSBOM(t *testing.T, sbomPath, binPath, goos, goarch, version string) {
	t.Helper()
	raw, err := os.ReadFile(sbomPath)
	require.NoError(t, err)
	var doc cdxDocument
	require.NoError(t, json.Unmarshal(raw, &doc), sbomPath)
	assert.Equal(t, "CycloneDX", doc.BOMFormat)
	assert.Equal(t, "1.6", doc.SpecVersion)
	main := doc.Metadata.Component
	assert.Equal(t, "application", main.Type)
	assert.Equal(t, "github.com/war-room/war-room", main.Name)
	assert.Equal(t, version, main.Version)
	assert.Contains(t, main.PURL, "goarch="+goarch+"&goos="+goos)
	props := map[string]string{}
	for _, p := range doc.Metadata.Properties {
		props[p.Name] = p.Value
	}
	assert.Equal(t, fileSHA256(t, binPath), props["cdx:gomod:binary:hash:SHA-256"], "the SBOM names the binary it describes")

	info, err := buildinfo.ReadFile(binPath)
	require.NoError(t, err)
	want := []string{"std@" + info.GoVersion}
	for _, d := range info.Deps {
		if d.Replace != nil {
			d = d.Replace
		}
		want = append(want, d.Path+"@"+d.Version)
	}
	var got []string
	for _, c := range doc.Components {
		got = append(got, c.Name+"@"+c.Version)
		assert.Contains(t, c.PURL, "goarch="+goarch+"&goos="+goos, "the package URL of %s", c.Name)
	}
	sort.Strings(want)
	sort.Strings(got)
	assert.Equal(t, want, got, "%s lists the modules linked into %s", filepath.Base(sbomPath), filepath.Base(binPath))
}

func readChecksums(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	sums := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		require.True(t, ok, "%s: line %q is not '<sha256>  <file>'", path, sc.Text())
		require.Len(t, sum, 64, "%s: %q", path, sc.Text())
		sums[name] = sum
	}
	require.NoError(t, sc.Err())
	return sums
}

func fileSHA256(t *testing.T, path string) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}
