package main

import (
	"bytes"
	"context"
	"strings"

	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
)

// runHere runs `war-room action` in this process with the environment run gives the
// binary, and with the write layer on clk: spacing, Retry-After and request timeouts pass
// on the manual clock, so a run that waits out minutes of GitHub's limits takes none.
func (w *actionWorld) runHere(clk *githubfake.Clock, event, eventPath string, inputs, extraEnv map[string]string) actionRun {
	w.t.Helper()
	vars, r, dir := w.runEnv(event, eventPath, inputs, extraEnv)
	m := map[string]string{}
	for _, kv := range vars {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: func(k string) string { return m[k] },
		writes: wr.Options{Now: clk.Now, Sleep: clk.Sleep, AfterFunc: clk.AfterFunc}}
	r.code = run(context.Background(), e, []string{"action"})
	r.stdout, r.stderr = out.String(), errb.String()
	return w.collect(r, dir)
}
