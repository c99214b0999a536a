package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/war-room/war-room/discussions/site"
	"github.com/war-room/war-room/internal/atomicfile"
)

func init() {
	register(command{name: "site", run: runSite})
}

// runSite writes the decisions published in a repository's Discussions as a static site in
// DIR: every decision is read, and its record checked, from what GitHub serves. Nothing is
// written until every decision has been read, so a failure leaves DIR as it was; files of DIR
// that the site does not write are left alone.
func runSite(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "site", "DIR --repo OWNER/NAME")
	var cf commonFlags
	var gf githubFlags
	cf.register(fs)
	gf.register(fs, "the repository whose published decisions to write (GITHUB_TOKEN with read access)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) != 1:
		return usageErr("site takes exactly one directory to write the site into")
	case gf.repo == "":
		return usageErr("site needs --repo OWNER/NAME: the repository whose decisions to write")
	}
	repo, p, err := gf.reader(e, &cf)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "site: listing the decisions of %s…\n", repo)
	entries, err := site.Collect(ctx, p, repo, func(i, n, number int) {
		fmt.Fprintf(e.stderr, "site: reading decision #%d and its record (%d of %d)\n", number, i, n)
	})
	if err != nil {
		return err
	}
	files, err := site.Build(repo.String(), entries)
	if err != nil {
		return err
	}
	dir := pos[0]
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("site: %w", err)
		}
		if err := atomicfile.Write(path, files[name], 0o644); err != nil {
			return fmt.Errorf("site: %w", err)
		}
	}
	bad := 0
	for _, en := range entries {
		if !en.Verified {
			bad++
		}
	}
	fmt.Fprintf(e.stdout, "wrote %d decision page(s) and the index to %s (open %s)\n", len(entries), dir, filepath.Join(dir, "index.html"))
	if bad > 0 {
		fmt.Fprintf(e.stderr, "site: %d decision(s) do not verify or carry no record; their pages say so\n", bad)
	}
	return nil
}
