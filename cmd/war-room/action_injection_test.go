package main

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/injection"
)

// actionTexts runs one `/war-room reason` command whose question is question, on an issue whose body
// is body (an outsider's), and returns everything the run published that a person reads: the
// bot's comments on the thread, the decision's discussion and its comments, and the job
// summary.
func actionTexts(t *testing.T, question, body string) []string {
	t.Helper()
	w := newActionWorld(t, reasonConfig(t, ""))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", body, "mallory")
	r, _ := w.say("alice", n, "/war-room reason\n"+question)
	wantNoError(t, r)
	if len(w.f.Discussions(aRepo)) == 0 {
		t.Fatalf("nothing was published; the thread says:\n%v", botComments(w, n))
	}
	var out []string
	for _, c := range botComments(w, n) {
		out = append(out, c.Body)
	}
	for _, d := range w.f.Discussions(aRepo) {
		out = append(out, d.Body)
		for _, c := range w.f.Comments(d.ID) {
			out = append(out, c.Body)
		}
	}
	return append(out, r.summary)
}

// shapeOf is a text's shape with its markers counted rather than compared: they name the
// session and hold its state, which differ between two runs. The words of a heading made
// from the question (the job summary's title of the decision) are not compared either: the
// heading itself is.
func shapeOf(s string) (injection.Shape, int) {
	// A model's bold and a "JUDGMENT:" line in the question are the author's words, rendered
	// as written inside war-room's sections; lane verdicts are read only where model text is
	// still quoted (the review surfaces).
	sh := injection.Parse(s).Structure()
	sh.Verdicts = nil
	n := len(sh.Markers)
	sh.Markers = nil
	for i, h := range sh.HTML {
		if strings.HasPrefix(h, "<!-- war-room:") {
			sh.HTML[i] = "<!-- war-room: … -->"
		}
		sh.HTML[i] = digestRE.ReplaceAllString(sh.HTML[i], "…")
	}
	for i, h := range sh.Headings {
		if level, words, _ := strings.Cut(h, " "); strings.HasPrefix(words, "[Reason]") {
			sh.Headings[i] = level + " [Reason] …"
		}
	}
	return sh, n
}

// digestRE finds a record's root digest, which differs with the question.
var digestRE = regexp.MustCompile(`[0-9a-f]{64}`)

// The corpus's issue bodies, asked as the question of a `/war-room` command on an issue that
// carries them too, go through the Action end to end — progress comment, decision, phase
// comments, job summary — and come out shaped as a clean question's run, with no mention,
// reference or secret.
func TestActionInjectionCorpus(t *testing.T) {
	corpus, err := injection.Corpus(injection.KindIssue)
	if err != nil {
		t.Fatal(err)
	}
	want := actionTexts(t, "Should we move the job queue into PostgreSQL?", "Redis or PostgreSQL?")
	for _, fx := range corpus {
		t.Run(fx.Name, func(t *testing.T) {
			got := actionTexts(t, fx.Text, fx.Text)
			if len(got) != len(want) {
				t.Fatalf("%d texts published, a clean run publishes %d", len(got), len(want))
			}
			for i := range got {
				gs, gm := shapeOf(got[i])
				ws, wm := shapeOf(want[i])
				if !reflect.DeepEqual(gs, ws) || gm != wm {
					t.Errorf("text %d is shaped unlike a clean run's:\n got %+v (%d markers)\nwant %+v (%d markers)\n%s", i, gs, gm, ws, wm, got[i])
				}
				for _, secret := range injection.Secrets(fx.Text) {
					if strings.Contains(got[i], secret) {
						t.Errorf("text %d echoes %s", i, secret)
					}
				}
			}
		})
	}
}
