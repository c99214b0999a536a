package config_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/protocols"
)

// TestBadFilesGolden parses every malformed file and compares the full error text with its
// golden file. Regenerate with UPDATE_GOLDEN=1 and review the diff like code.
func TestBadFilesGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/bad/*.yml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 12 {
		t.Fatalf("want at least 12 malformed files, have %d", len(files))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			cfg, err := config.Load(file, protocols.Sections()...)
			if err == nil {
				t.Fatalf("parsed without error: %+v", cfg)
			}
			var es config.Errors
			if !errors.As(err, &es) {
				t.Fatalf("want Errors, got %T: %v", err, err)
			}
			got := err.Error() + "\n"
			checkLocated(t, file, es)
			golden := strings.TrimSuffix(file, ".yml") + ".golden"
			if os.Getenv("UPDATE_GOLDEN") != "" {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with UPDATE_GOLDEN=1)", err)
			}
			if got != string(want) {
				t.Errorf("error text differs from %s\n--- got\n%s--- want\n%s", golden, got, want)
			}
		})
	}
}

// fileLevel are the problems that belong to the whole file rather than to one key.
var fileLevel = regexp.MustCompile(`^(invalid YAML|empty configuration|a second YAML document|missing required key "version"|want a mapping)`)

// checkLocated asserts that every problem names the file and a line, and a key path unless
// it is about the file as a whole.
func checkLocated(t *testing.T, file string, es config.Errors) {
	t.Helper()
	for _, e := range es {
		if e.File != file || e.Line < 1 {
			t.Errorf("not located in %s: %q", file, e)
		}
		if e.Path == "" && !fileLevel.MatchString(e.Msg) {
			t.Errorf("no key path: %q", e)
		}
	}
}
