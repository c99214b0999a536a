package session_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/session"
)

// A request the profiles cannot seat as its protocol needs (a second generator for
// --high-assurance, on one profile) is refused by the protocol before a session is stored, on
// every surface alike: nothing is left to resume and nothing was spent.
func TestARequestTheProfilesCannotSeatIsRefusedBeforeASessionExists(t *testing.T) {
	w := newWorld(t)
	script, err := filepath.Abs(filepath.Join("testdata", "panel.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Parse("war-room.yml", []byte("version: 1\nproviders:\n  claude: {type: script, family: anthropic, responses: "+
		script+"}\n"), protocols.Sections()...)
	if err != nil {
		t.Fatal(err)
	}
	w.cfg = cfg
	st := w.store("")
	r := w.runner(st)
	out := r.Run(context.Background(), session.Request{Protocol: "reason", Question: question,
		Flags: map[string]string{"high-assurance": "true"}, Seed: 7, SeedSource: "--seed"})
	var ue *session.UsageError
	if !errors.As(out.Err, &ue) || !strings.Contains(out.Err.Error(), "high assurance needs a second generator") {
		t.Fatalf("Run: %v, want a usage error about the second generator", out.Err)
	}
	ss, err := st.ListSessions(context.Background(), "reason", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 0 {
		t.Errorf("a refused request stored %d session(s)", len(ss))
	}

	ok := r.Run(context.Background(), session.Request{Protocol: "reason", Question: question, Seed: 7, SeedSource: "--seed",
		Answers: map[string]string{"approve-reduced-independence": "approve"}})
	if errors.As(ok.Err, &ue) {
		t.Errorf("the same request without --high-assurance is refused: %v", ok.Err)
	}
}
