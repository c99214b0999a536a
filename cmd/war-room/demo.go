package main

import (
	"flag"
	"fmt"
	"path/filepath"

	"github.com/war-room/war-room/internal/demo"
)

// demoFlag is --demo: the protocol runs against war-room's built-in simulated panel, so a
// newcomer sees a whole session, its card and its record before configuring any vendor.
type demoFlag struct {
	on       bool
	protocol string
}

func (d *demoFlag) register(fs *flag.FlagSet, protocol string) {
	d.protocol = protocol
	fs.BoolVar(&d.on, "demo", false, "run against war-room's built-in simulated panel of five families: no key needed, no model "+
		"called, every answer scripted and marked so in the record; it answers its own example question")
}

// apply, under --demo, puts the simulated panel's configuration (kept beside the state
// store, so that resume and verify find it again) in place of any other, says what the demo
// is, and returns the example question the panel answers; otherwise pos as given.
func (d *demoFlag) apply(e *env, c *commonFlags, pos []string) ([]string, error) {
	if !d.on {
		return pos, nil
	}
	if c.config != "" {
		return nil, usageErr("--demo runs the built-in simulated panel; --config names another panel: give one of them")
	}
	q, _ := demo.Question(d.protocol)
	path, err := demo.Config(filepath.Join(filepath.Dir(c.dbPath(e)), "demo"), d.protocol)
	if err != nil {
		return nil, err
	}
	c.config = path
	fmt.Fprintln(e.stderr, demo.Banner)
	if !c.json {
		fmt.Fprintf(e.stdout, "SIMULATED (war-room --demo): no model was called; every answer below is scripted.\n\n")
	}
	if len(pos) > 0 {
		fmt.Fprintf(e.stderr, "The demo's script answers its own example question, not yours: %q\n", q)
	} else {
		fmt.Fprintf(e.stderr, "The example question: %q\n", q)
	}
	return []string{q}, nil
}
