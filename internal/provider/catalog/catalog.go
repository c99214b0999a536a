// Package catalog is what war-room knows of the vendors' models, kept as data: an embedded
// snapshot of models.dev (MIT-licensed, community-maintained; LICENSE.models.dev) for the
// vendors it has adapters for, with the commit it was taken from. Each adapter turns an entry
// into what it sends (effort levels, thinking, output budget, context check, prices) and adds
// the little models.dev does not carry as a rule of its own, keyed by model line.
//
// Refresh it with a checkout of models.dev:
//
//	git clone https://github.com/anomalyco/models.dev /tmp/models.dev
//	MODELS_DEV=/tmp/models.dev go generate ./internal/provider/catalog
//
// and commit models.json; its "source" records the commit.
package catalog

//go:generate go run ./gen -out models.json

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

//go:embed models.json
var raw []byte

// Model is one model of the snapshot.
type Model struct {
	Vendor   string `json:"vendor"` // models.dev's provider: anthropic, openai, google
	ID       string `json:"id"`
	Name     string `json:"name"`
	Family   string `json:"family"`
	Released string `json:"released"`
	// Reasoning says the model can think before it answers.
	Reasoning bool `json:"reasoning"`
	// Effort are the effort values the vendor's API takes for the model, as models.dev lists
	// them (including values war-room never sends, such as "none" and "minimal").
	Effort []string `json:"effort"`
	// Options are the kinds of reasoning control the model takes: effort, budget_tokens,
	// toggle.
	Options []string `json:"options"`
	Context int      `json:"context"` // the context window, in tokens
	Output  int      `json:"output"`  // the most output tokens one answer may have
	Price   Price    `json:"price"`
}

// Price is US dollars per million tokens at the base tier.
type Price struct {
	Input      float64 `json:"input"`
	Output     float64 `json:"output"`
	CacheRead  float64 `json:"cache_read"`
	CacheWrite float64 `json:"cache_write"`
}

// Source is where the snapshot came from.
type Source struct {
	Repository string `json:"repository"`
	Commit     string `json:"commit"`
	Date       string `json:"date"`
	License    string `json:"license"`
}

// String is the snapshot in a few words: "models.dev at f3fc692 of 2026-07-02".
func (s Source) String() string {
	return fmt.Sprintf("models.dev at %.7s of %s", s.Commit, s.Date)
}

var load = sync.OnceValue(func() (c struct {
	Source Source  `json:"source"`
	Models []Model `json:"models"`
}) {
	if err := json.Unmarshal(raw, &c); err != nil {
		panic("catalog: the embedded models.json does not decode: " + err.Error())
	}
	return c
})

// Snapshot is where the embedded data came from.
func Snapshot() Source { return load().Source }

// Models lists the snapshot's models of the vendors given (every vendor's when none), by
// vendor and id.
func Models(vendors ...string) []Model {
	var out []Model
	for _, m := range load().Models {
		if len(vendors) == 0 || slices.Contains(vendors, m.Vendor) {
			out = append(out, m)
		}
	}
	return out
}

// Match is the entry an id resolved to, and how.
type Match struct {
	Model
	// Asked is the id as configured.
	Asked string
	// Inferred says the snapshot does not know Asked: Model is the nearest known version of
	// its line, whose settings it is sent.
	Inferred bool
}

// How says in a sentence where a profile's settings come from, for the disclosure, doctor and
// war-room models.
func (m Match) How() string {
	if m.Inferred {
		return fmt.Sprintf("%s is not in war-room's model catalog (%s); it is sent what %s takes, the nearest known version of its line",
			m.Asked, Snapshot(), m.ID)
	}
	if norm(m.Asked) != m.ID {
		return fmt.Sprintf("%s is %s in war-room's model catalog (%s)", m.Asked, m.ID, Snapshot())
	}
	return fmt.Sprintf("%s is in war-room's model catalog (%s)", m.ID, Snapshot())
}

// Find resolves id among the vendors' models: exactly (case and a "models/" prefix aside),
// then as a dated id of a known alias (claude-opus-4-5-20251101, gpt-5-2025-08-07), then by
// its line — the id's words without its version, so claude-opus-9 is of the claude-opus line
// and gemini-3.5-flash of gemini-flash — taking the nearest known version at or below the
// one asked (the lowest known above it when there is none below). ok is false when neither
// the id nor its line is known.
func Find(id string, vendors ...string) (Match, bool) {
	want := norm(id)
	if want == "" {
		return Match{}, false
	}
	models := Models(vendors...)
	for _, cand := range []string{want, undated(want)} {
		for _, m := range models {
			if m.ID == cand {
				return Match{Model: m, Asked: id}, true
			}
		}
	}
	line, version := lineOf(want)
	if version == nil {
		return Match{}, false
	}
	var below, above *Model
	for i := range models {
		l, v := lineOf(models[i].ID)
		if l != line || v == nil {
			continue
		}
		switch c := compareVersions(v, version); {
		case c <= 0 && (below == nil || better(models[i], *below, v, true)):
			below = &models[i]
		case c > 0 && (above == nil || better(models[i], *above, v, false)):
			above = &models[i]
		}
	}
	if below == nil {
		below = above
	}
	if below == nil {
		return Match{}, false
	}
	return Match{Model: *below, Asked: id, Inferred: true}, true
}

// better says whether m is a nearer choice than cur: the higher version below the ask, the
// lower above it, and between equal versions the shorter (undated) id.
func better(m, cur Model, v []int, below bool) bool {
	_, cv := lineOf(cur.ID)
	switch c := compareVersions(v, cv); {
	case c != 0:
		return c > 0 == below
	case len(m.ID) != len(cur.ID):
		return len(m.ID) < len(cur.ID)
	}
	return m.ID < cur.ID
}

func norm(id string) string {
	return strings.TrimPrefix(strings.ToLower(strings.TrimSpace(id)), "models/")
}

// undated is id without a trailing release date: -20251101 or -2025-08-07.
func undated(id string) string {
	parts := strings.Split(id, "-")
	n := len(parts)
	switch {
	case n > 1 && len(parts[n-1]) == 8 && digits(parts[n-1]):
		return strings.Join(parts[:n-1], "-")
	case n > 3 && len(parts[n-3]) == 4 && len(parts[n-2]) == 2 && len(parts[n-1]) == 2 &&
		digits(parts[n-3]) && digits(parts[n-2]) && digits(parts[n-1]):
		return strings.Join(parts[:n-3], "-")
	}
	return id
}

// lineOf splits an id into its line (its words, without version, date and the words that
// name a release stage) and its version (the first run of numbers): claude-opus-4-8 is
// claude-opus 4.8, gpt-5.5-pro is gpt-pro 5.5, gemini-3.1-pro-preview is gemini-pro 3.1. An
// id with no number (o4-mini's "o4" is a word) has no version.
func lineOf(id string) (string, []int) {
	var words []string
	var version []int
	inVersion, done := false, false
	for _, tok := range strings.FieldsFunc(undated(id), func(r rune) bool { return r == '-' || r == '.' }) {
		if n, err := strconv.Atoi(tok); err == nil && digits(tok) && !done {
			version, inVersion = append(version, n), true
			continue
		}
		if inVersion {
			done = true
		}
		switch tok {
		case "preview", "latest", "exp":
			continue
		}
		words = append(words, tok)
	}
	return strings.Join(words, "-"), version
}

func compareVersions(a, b []int) int {
	for i := range max(len(a), len(b)) {
		x, y := at(a, i), at(b, i)
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

func at(v []int, i int) int {
	if i < len(v) {
		return v[i]
	}
	return 0
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Line is an id's line and version, as Find matches them: claude-opus-4-8 is claude-opus
// [4 8]. A vendor's own rule keys on it.
func Line(id string) (string, []int) { return lineOf(norm(id)) }

// AtLeast says whether version v is min or later.
func AtLeast(v []int, min ...int) bool { return compareVersions(v, min) >= 0 }
