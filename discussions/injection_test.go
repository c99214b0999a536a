package discussions

import (
	"context"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/injection"
)

// cleanText stands in for a fixture in the clean run every hostile run is compared with.
const cleanText = "A plain answer with nothing in it."

// hostileDecision is the express fixture with text in every place its kind reaches: an issue
// body is the question, a context file or a diff the context, and a model answer every text
// a model writes (title, outcome, rationale, sections, alternatives, dissent, phases, deferred
// work).
func hostileDecision(t *testing.T, kind, text string) *decision.Decision {
	d := loadDecision(t, "express")
	switch kind {
	case injection.KindIssue:
		d.Title, d.Question = "", text
	case injection.KindContext, injection.KindDiff:
		d.Context = text
	default:
		d.Title = "[War Room] " + text
		d.Outcome, d.Rationale, d.Consequences, d.Confidence = text, text, text, text
		d.Sections[0].Text = text
		d.Sections[0].Items = []string{text}
		d.Sections[0].Table.Rows[0][2] = text
		d.Alternatives = []decision.Alternative{{Label: "Response A", Title: text, Summary: text, Reason: text}}
		d.Dissent, d.WhatWouldChangeMind, d.Notes = []string{text}, []string{text}, []string{text}
		for i := range d.Phases {
			d.Phases[i].Body = text
		}
		// A phase of today's shape carries model text in every part that may hold it.
		d.Phases = append(d.Phases, decision.PhaseSummary{Key: "parts", Title: "Parts", Parts: []decision.PhasePart{
			decision.HeadingPart("Member A (Steward · qwen-model)"), decision.TextPart("Filed by the clerk."),
			decision.TablePart([]string{"Member", "Vote"}, [][]string{{"Member A", "Option 1: " + text}}),
			decision.ItemsPart([]string{text}), decision.QuotePart(text), decision.CodePart(text)}})
		d.Deferred = []decision.DeferredItem{{Title: text, Rationale: text, Source: text, SessionID: d.SessionID}}
	}
	return d
}

// published is every text one publish left on the fake GitHub, in a stable order: the
// discussions (the decision and the log), their comments, then the issues opened.
func publishedTexts(t *testing.T, d *decision.Decision) (texts, titles []string) {
	t.Helper()
	w := newWorld(t, worldOpts{withLabels: true})
	if _, err := w.publisher().Publish(context.Background(), Request{Repo: w.repo, Decision: d}); err != nil {
		t.Fatal(err)
	}
	for _, ds := range w.f.Discussions(testRepo) {
		titles = append(titles, ds.Title)
		texts = append(texts, ds.Body)
		for _, c := range w.f.Comments(ds.ID) {
			texts = append(texts, c.Body)
		}
	}
	for _, is := range w.f.Issues(testRepo) {
		titles = append(titles, is.Title)
		texts = append(texts, is.Body)
	}
	return texts, titles
}

// Every fixture of the corpus, published through the real publisher to the fake GitHub,
// leaves bodies shaped exactly as a clean run's — the same headings in order, bold phrases,
// HTML, links, markers, commands and verdicts — and no mention, reference or secret.
func TestInjectionCorpusPublishesNoStructure(t *testing.T) {
	corpus, err := injection.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	if len(corpus) < 40 {
		t.Fatalf("the corpus has %d fixtures, want at least 40", len(corpus))
	}
	clean := map[string][]injection.Shape{}
	for _, kind := range []string{injection.KindIssue, injection.KindContext, injection.KindAnswer} {
		texts, _ := publishedTexts(t, hostileDecision(t, kind, cleanText))
		for _, s := range texts {
			clean[kind] = append(clean[kind], discussionShape(s))
		}
	}
	clean[injection.KindDiff] = clean[injection.KindContext]
	for _, fx := range corpus {
		t.Run(fx.Name, func(t *testing.T) {
			texts, titles := publishedTexts(t, hostileDecision(t, fx.Kind, fx.Text))
			want := clean[fx.Kind]
			if len(texts) != len(want) {
				t.Fatalf("%d texts published, a clean run publishes %d", len(texts), len(want))
			}
			for i, s := range texts {
				got := discussionShape(s)
				if !reflect.DeepEqual(got, want[i]) {
					t.Errorf("text %d is shaped unlike a clean run's:\n got %+v\nwant %+v\n%s", i, got, want[i], s)
				}
				assertNoEcho(t, fx.Text, s)
			}
			for _, title := range titles {
				assertPlainTitle(t, title)
				assertNoEcho(t, fx.Text, title)
			}
		})
	}
}

var (
	titleMentionRE = regexp.MustCompile(`(^|[^A-Za-z0-9])@[A-Za-z0-9]`)
	titleRefRE     = regexp.MustCompile(`(?i)#[0-9]|GH-[0-9]|<!--|/war-room`)
	entityRE       = regexp.MustCompile(`&#[0-9]+;`)
)

// assertPlainTitle checks a title, which GitHub shows as text but still scans for mentions
// and references.
func assertPlainTitle(t *testing.T, title string) {
	t.Helper()
	shown := entityRE.ReplaceAllString(title, "") // a title shows an entity as typed
	if titleMentionRE.MatchString(shown) || titleRefRE.MatchString(shown) {
		t.Errorf("title %q pings, refers or commands", title)
	}
}

// assertNoEcho fails when a secret of the fixture reached published text.
func assertNoEcho(t *testing.T, fixture, published string) {
	t.Helper()
	for _, secret := range injection.Secrets(fixture) {
		if strings.Contains(published, secret) {
			t.Errorf("secret %q echoed", secret)
		}
	}
}

// discussionShape is a published text's structure as a Discussion reader meets it. A line
// such as "VERDICT: approve" in a model's answer is that answer's words, under war-room's
// heading for it: lane judgments are read only from the review surfaces, which still quote
// model text (reviewlane's injection test holds them to that).
func discussionShape(s string) injection.Shape {
	sh := injection.Parse(s).Structure()
	sh.Verdicts = nil
	return sh
}
