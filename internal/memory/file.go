package memory

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/war-room/war-room/internal/atomicfile"
)

// File is a Board in one JSON file a person can open and read: a project's memory on a
// laptop. Writes replace the file atomically.
type File struct{ Path string }

var _ Board = File{}

// fileDoc is the file's layout.
type fileDoc struct {
	Scope string `json:"scope,omitempty"`
	Items []Item `json:"items"`
}

// Items reads the file; a missing file holds nothing.
func (f File) Items(context.Context) ([]Item, error) {
	b, err := os.ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("memory: read %s: %w", f.Path, err)
	}
	var d fileDoc
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("memory: %s is not a memory file: %w", f.Path, err)
	}
	return d.Items, nil
}

// Save writes the items.
func (f File) Save(_ context.Context, items []Item) error {
	b, err := json.MarshalIndent(fileDoc{Items: items}, "", "  ")
	if err != nil {
		return fmt.Errorf("memory: encode: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(f.Path), 0o700); err != nil {
		return fmt.Errorf("memory: %w", err)
	}
	if err := atomicfile.Write(f.Path, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("memory: write %s: %w", f.Path, err)
	}
	return nil
}

// ProjectSlug names a project's memory file after the project's directory, the way a
// person would recognise it: "/home/ann/src/billing" is "home-ann-src-billing".
func ProjectSlug(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	slug := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_':
			return r
		}
		return '-'
	}, strings.Trim(filepath.ToSlash(abs), "/"))
	if slug == "" {
		return "root"
	}
	return slug
}
