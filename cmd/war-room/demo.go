package main

import (
	"context"
	"flag"
	"fmt"
	"html"
	"os"
	"path/filepath"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/discussions/site"
	"github.com/war-room/war-room/internal/demo"
)

// demoFlag is --demo: the protocol runs against war-room's built-in simulated panel, so a
// newcomer sees a whole session, its card and its record before configuring any vendor.
type demoFlag struct {
	on, open bool
	protocol string
}

func (d *demoFlag) register(fs *flag.FlagSet, protocol string) {
	d.protocol = protocol
	fs.BoolVar(&d.on, "demo", false, "run against war-room's built-in simulated panel of five families: no key needed, no model "+
		"called, every answer scripted and marked so in the record; it answers its own example question")
	fs.BoolVar(&d.open, "open", false, "with --demo: also write the decision as the repository's Discussion would show it, as an HTML page to open")
}

// apply, under --demo, puts the simulated panel's configuration (kept beside the state
// store, so that resume and verify find it again) in place of any other, says what the demo
// is, and returns the example question the panel answers; otherwise pos as given.
func (d *demoFlag) apply(e *env, c *commonFlags, pos []string) ([]string, error) {
	if !d.on && !d.open {
		return pos, nil
	}
	if d.open && !d.on {
		return nil, usageErr("--open shows a --demo's decision; give --demo too (a real decision is published with war-room publish)")
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

// demoPage writes the session's decision as it would be published — the Discussion's body and
// every comment — as one HTML page beside the demo's files, and says where; it is what
// --demo --open gives a person to open in a browser.
func (d *demoFlag) page(ctx context.Context, e *env, c *commonFlags, id string) error {
	if !d.on || !d.open {
		return nil
	}
	st, err := c.openStore(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	dec, err := loadDecision(ctx, st, id)
	if err != nil {
		return err
	}
	body, err := site.DecisionHTML(dec)
	if err != nil {
		return fmt.Errorf("render the demo page: %w", err)
	}
	title := discussions.Title(dec)
	path := filepath.Join(filepath.Dir(c.dbPath(e)), "demo", id+".html")
	page := fmt.Sprintf(`<!doctype html><meta charset="utf-8"><title>%s (simulated)</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem}blockquote{color:#444;border-left:3px solid #ccc;margin-left:0;padding-left:1rem}.sim{background:#fff3cd;padding:.5rem 1rem}</style>
<p class="sim"><strong>Simulated (war-room --demo):</strong> no model was called; every answer is scripted. This is how the decision would read in the repository's Discussions.</p>
<h1>%s</h1>
%s`, html.EscapeString(title), html.EscapeString(title), body)
	if err := os.WriteFile(path, []byte(page), 0o600); err != nil {
		return fmt.Errorf("write the demo page: %w", err)
	}
	fmt.Fprintf(e.stderr, "Open the decision as GitHub would show it: file://%s\n", path)
	return nil
}
