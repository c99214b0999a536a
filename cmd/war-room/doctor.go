package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/doctor"
	"github.com/war-room/war-room/internal/store"
	"github.com/war-room/war-room/internal/wiring"
)

func init() {
	register(command{name: "doctor", run: runDoctor})
}

// runDoctor builds the configured profiles (or the named ones) and makes the fewest calls that
// settle what each can do, printing one table. Exit 1 when a profile cannot serve as
// configured; --dry-run prints what it would call and calls nothing.
func runDoctor(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "doctor", "[PROFILE...] [--config FILE] [--dry-run] [--json]")
	var cf commonFlags
	cf.register(fs)
	dry := fs.Bool("dry-run", false, "print what would be called on each profile; make no call")
	names, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	cfg, err := cf.loadConfig(e)
	if err != nil {
		return err
	}
	ps := engine.Profiles{}
	if len(names) == 0 {
		if ps, err = wiring.Profiles(ctx, cfg, e.getenv, nil); err != nil {
			return exitErr(exitUsage, err)
		}
	}
	for _, n := range names {
		if ps[n], err = wiring.Profile(ctx, cfg, n, e.getenv, nil); err != nil {
			return exitErr(exitUsage, err)
		}
	}
	if *dry {
		fmt.Fprintf(e.stdout, "war-room doctor (dry run: no call)\n\n%s", doctor.Plan(ps))
		return nil
	}
	o := doctor.Options{All: len(names) == 0, FromEnvironment: cfg.Source == config.SourceEnvironment,
		Progress: func(msg string) { fmt.Fprintln(e.stderr, "doctor: "+msg) }}
	// What the probe learns is kept where sessions will read it; a store that cannot be
	// opened costs only that.
	if st, err := cf.readStore(ctx, e); err == nil {
		defer st.Close()
		o.Learn = func(p *engine.Profile, param, value string, err error) error {
			lerr := engine.LearnRefusal(ctx, st, p, param, value, err, time.Now())
			if errors.Is(lerr, store.ErrReadOnly) {
				fmt.Fprintf(e.stderr, "doctor: not kept for later sessions: %v\n", lerr)
				return nil
			}
			return lerr
		}
	}
	rep := doctor.Run(ctx, ps, o)
	if cf.json {
		if err := printJSON(e, rep); err != nil {
			return err
		}
	} else {
		fmt.Fprint(e.stdout, rep.Table())
	}
	if !rep.OK() {
		return exitErr(exitFailure, fmt.Errorf("at least one profile cannot serve as configured; see the fixes above"))
	}
	return nil
}
