package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/protocols"
)

// protocolEnd reports how a session of a protocol that ends its own way (protocols.Ending with
// a Result: the reason chain) ended. Its own command and `resume` share it, so a session
// finished by a resume prints, keeps and exits exactly as one that ran straight through.
type protocolEnd struct {
	protocol string
	keep     string // --keep DIR; "" keeps the run only when it fails
	asJSON   bool
}

// ownEnding reports whether sessions of protocol end their own way.
func ownEnding(protocol string) bool { return protocols.EndingOf(protocol).Result != nil }

// report keeps the run directory when asked (and always on failure), prints the result and
// maps the way the session ended to an exit code. A completed answer is printed even when
// keeping its files failed: the calls are paid for and the answer is in the store.
func (o protocolEnd) report(ctx context.Context, e *env, st *setup, id string, d *decision.Decision, runErr error) error {
	end := protocols.EndingOf(o.protocol)
	var fail protocols.Failure
	failed := errors.As(runErr, &fail)
	kept, keepErr := o.keepRun(ctx, e, st, id, failed, end)
	switch {
	case runErr == nil:
		if err := o.printResult(ctx, e, st, id, d, end); err != nil {
			return errors.Join(err, keepErr)
		}
		if keepErr != nil {
			return exitErr(exitFailure, fmt.Errorf("the run completed (session %s), but --keep failed: %w", id, keepErr))
		}
		return reducedOutcome(d)
	case failed:
		fmt.Fprint(e.stderr, fail.Report())
		where := "session " + id + " holds the record"
		switch {
		case keepErr != nil:
			where = fmt.Sprintf("keeping its files failed (%v); session %s holds the record", keepErr, id)
		case kept != "":
			where = "the run is kept in " + kept
		}
		return exitErr(exitFailure, fmt.Errorf("%w\nno answer was produced; %s", runErr, where))
	}
	return errors.Join(o.stopped(ctx, e, st, id, runErr, end), keepErr)
}

// keepRun exports the run to --keep, or on failure to a fresh temporary directory, when the
// protocol keeps runs at all.
func (o protocolEnd) keepRun(ctx context.Context, e *env, st *setup, id string, failed bool, end protocols.Ending) (string, error) {
	if end.Keep == nil {
		return "", nil
	}
	dir := o.keep
	if dir == "" && failed {
		var err error
		if dir, err = os.MkdirTemp(e.getenv("TMPDIR"), "war-room-"+o.protocol+"-"); err != nil {
			return "", fmt.Errorf("keep failed run: %w", err)
		}
	}
	if dir == "" {
		return "", nil
	}
	if err := end.Keep(ctx, st.Store, id, dir); err != nil {
		return "", err
	}
	fmt.Fprintf(e.stderr, "run %s kept in %s\n", id, dir)
	return dir, nil
}

// printResult writes the protocol's own result, or the decision as JSON with --json.
func (o protocolEnd) printResult(ctx context.Context, e *env, st *setup, id string, d *decision.Decision, end protocols.Ending) error {
	if o.asJSON {
		return printDecision(e, d, true)
	}
	return end.Result(ctx, st.Store, id, d, e.stdout)
}

// stopped explains a session that paused at a gate or that a person stopped, in the protocol's
// words where it has its own, else in every protocol's.
func (o protocolEnd) stopped(ctx context.Context, e *env, st *setup, id string, err error, end protocols.Ending) error {
	var gate *engine.GateError
	var stop *engine.Stopped
	if errors.As(err, &gate) && end.Paused != nil {
		if show, msg, ok := end.Paused(ctx, st.Store, id, gate.Gate, e.resume(id)); ok {
			if len(show) > 0 {
				e.stdout.Write(show)
				fmt.Fprintln(e.stdout)
			}
			return exitErr(exitAwaiting, errors.New(msg))
		}
	}
	if errors.As(err, &stop) && end.Declined != nil {
		if msg, ok := end.Declined(stop.Gate); ok {
			return exitErr(exitDeclined, errors.New(msg))
		}
	}
	return sessionOutcome(e, err, id)
}

// checkKeep refuses, before any call is made, --keep for a protocol that keeps no run, or a
// directory that cannot take the run: one that holds other files (a run's files mixed with
// another's would mislead whoever audits them) or that cannot be created. A directory already
// holding this very session (id) is fine.
func checkKeep(protocol, dir, id string) error {
	if dir == "" {
		return nil
	}
	end := protocols.EndingOf(protocol)
	if end.Keep == nil {
		var keepers []string
		for _, p := range protocols.Ordered() {
			if protocols.EndingOf(p).Keep != nil {
				keepers = append(keepers, p)
			}
		}
		return usageErr("--keep applies to sessions whose protocol keeps its run's files (%s); %s runs %s",
			strings.Join(keepers, ", "), orDash(id), protocol)
	}
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return exitErr(exitUsage, fmt.Errorf("--keep: %w", err))
		}
		return nil
	case err != nil:
		return exitErr(exitUsage, fmt.Errorf("--keep: %w", err))
	case len(entries) == 0 || (id != "" && end.KeptRun != nil && end.KeptRun(dir) == id):
		return nil
	}
	return exitErr(exitUsage, fmt.Errorf("--keep %s: the directory is not empty; name a new or empty directory, so that this run's files are not mixed with others", dir))
}
