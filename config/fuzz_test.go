package config_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/protocols"
)

// FuzzParse feeds arbitrary bytes to Parse, as an App does with a repository's file: it must
// never panic, and a failure must always be a located Errors value.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.yml")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := config.Parse("testdata/fuzz.yml", data, protocols.Sections()...)
		if err == nil {
			if cfg == nil || cfg.Version != config.CurrentVersion {
				t.Fatalf("accepted without version 1: %+v", cfg)
			}
			return
		}
		var es config.Errors
		if !errors.As(err, &es) || len(es) == 0 {
			t.Fatalf("want Errors, got %T: %v", err, err)
		}
		for _, e := range es {
			if e.File != "testdata/fuzz.yml" {
				t.Fatalf("error not named after the file: %q", e)
			}
		}
	})
}
