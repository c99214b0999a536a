package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/protocols/reason"
)

// reasonEnd reports how a reasoning session ended. `reason` and `resume` share it, so a
// chain finished by a resume prints, keeps and exits exactly as one that ran straight through.
type reasonEnd struct {
	keep   string // --keep DIR; "" keeps the run only when it fails
	asJSON bool
}

// report keeps the run directory when asked (and always on failure), prints the result and
// maps the way the chain ended to an exit code. A completed answer is printed even when
// keeping its files failed: the calls are paid for and the answer is in the store.
func (o reasonEnd) report(ctx context.Context, e *env, st *setup, id string, d *decision.Decision, runErr error) error {
	var fail *reason.ChainFailure
	failed := errors.As(runErr, &fail)
	kept, keepErr := o.keepRun(ctx, e, st, id, failed)
	switch {
	case runErr == nil:
		if err := o.printResult(ctx, e, st, id, d); err != nil {
			return errors.Join(err, keepErr)
		}
		if keepErr != nil {
			return exitErr(exitFailure, fmt.Errorf("the run completed (session %s), but --keep failed: %w", id, keepErr))
		}
		return reducedOutcome(d)
	case failed:
		fmt.Fprint(e.stderr, fail.Report())
		where := "the run is kept in " + kept
		if keepErr != nil {
			where = fmt.Sprintf("keeping its files failed (%v); session %s holds the record", keepErr, id)
		}
		return exitErr(exitFailure, fmt.Errorf("%w\nno answer was produced; %s", runErr, where))
	}
	return errors.Join(reasonStopped(ctx, e, st, id, runErr), keepErr)
}

// keepRun exports the run to --keep, or on failure to a fresh temporary directory.
func (o reasonEnd) keepRun(ctx context.Context, e *env, st *setup, id string, failed bool) (string, error) {
	dir := o.keep
	if dir == "" && failed {
		var err error
		if dir, err = os.MkdirTemp(e.getenv("TMPDIR"), "war-room-reason-"); err != nil {
			return "", fmt.Errorf("keep failed run: %w", err)
		}
	}
	if dir == "" {
		return "", nil
	}
	if err := reason.Export(ctx, st.Store, id, dir); err != nil {
		return "", err
	}
	fmt.Fprintf(e.stderr, "run %s kept in %s\n", id, dir)
	return dir, nil
}

// printResult relays the synthesis verbatim, then the plan that actually ran (as stored).
func (o reasonEnd) printResult(ctx context.Context, e *env, st *setup, id string, d *decision.Decision) error {
	if o.asJSON {
		return printDecision(e, d, true)
	}
	syn, err := st.Store.GetArtifact(ctx, id, "SYNTHESIS.md")
	if err != nil {
		return fmt.Errorf("read synthesis: %w", err)
	}
	plan, err := reason.StoredPlan(ctx, st.Store, id)
	if err != nil {
		return err
	}
	s, err := st.Store.GetSession(ctx, id)
	if err != nil {
		return fmt.Errorf("read session: %w", err)
	}
	return reason.WriteResult(e.stdout, string(syn), d, plan, s.SeedSource)
}

// checkKeepDir refuses, before any call is made, a --keep directory that cannot take the run:
// one that holds other files (a run's files mixed with another's would mislead whoever audits
// them) or that cannot be created. A directory already holding this very run (id) is fine.
func checkKeepDir(dir, id string) error {
	if dir == "" {
		return nil
	}
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("--keep: %w", err)
		}
		return nil
	case err != nil:
		return fmt.Errorf("--keep: %w", err)
	case len(entries) == 0 || (id != "" && keptRunID(dir) == id):
		return nil
	}
	return fmt.Errorf("--keep %s: the directory is not empty; name a new or empty directory, so that this run's files are not mixed with others", dir)
}

// keptRunID is the run id of the manifest in dir, or "".
func keptRunID(dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, reason.ManifestArtifact))
	if err != nil {
		return ""
	}
	var m reason.Manifest
	if json.Unmarshal(b, &m) != nil {
		return ""
	}
	return m.RunID
}
