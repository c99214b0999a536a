package council

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/war-room/war-room/engine"
)

// IntentFile is where a repository keeps the asker's durable intent.
const IntentFile = ".github/war-room/intent.md"

// maxIntentItems bounds an intent: more items than that is not an intent anybody can hold a
// team to.
const maxIntentItems = 12

// Verdicts of the intent-alignment assessment.
const (
	verdictPass    = "pass"
	verdictFail    = "fail"
	verdictUnknown = "unknown"
)

// secProvisional is the section in which the steward drafts an intent when there is no file.
const secProvisional = "Provisional intent"

// Intent is the asker's durable intent: the file and its items.
type Intent struct {
	Path  string   `json:"path"`
	Text  string   `json:"text"`
	Items []string `json:"items"`
}

// NewIntent reads an intent file: its bullet items (or, without bullets, its paragraphs).
func NewIntent(path, text string) (*Intent, error) {
	items := intentItems(text)
	if len(items) == 0 {
		return nil, fmt.Errorf("%s states no intent: write what the answer must achieve or respect, one bullet each", path)
	}
	if len(items) > maxIntentItems {
		return nil, fmt.Errorf("%s lists %d items; an intent holds at most %d", path, len(items), maxIntentItems)
	}
	return &Intent{Path: path, Text: text, Items: items}, nil
}

var bulletOnly = regexp.MustCompile(`(?m)^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\S`)

func intentItems(text string) []string {
	if bulletOnly.MatchString(text) {
		var out []string
		for _, line := range strings.Split(text, "\n") {
			if m := bulletLine.FindStringSubmatch(line); m != nil {
				out = append(out, strings.TrimSpace(m[1]))
			}
		}
		return out
	}
	var out []string
	for _, p := range strings.Split(text, "\n\n") {
		if p = oneLine(p); p != "" && !strings.HasPrefix(p, "#") {
			out = append(out, p)
		}
	}
	return out
}

// assessment is the steward's verdict on one intent item for one option.
type assessment struct {
	Item    int    `json:"item"`
	Option  int    `json:"option"`
	Verdict string `json:"verdict"`
	Why     string `json:"why,omitempty"`
}

var alignLine = regexp.MustCompile(`(?i)^[*_]*intent\s+(\d+)\s*/\s*option\s+(\d+)[*_]*\s*:\s*[*_]*(pass|fail|unknown)[*_]*\s*(?:[—–:-]+\s*(.*))?$`)

// parseAlignment reads the intent-alignment section against k intent items and n options:
// one line "Intent i / Option j: pass | fail | unknown — why" for every item and option.
func parseAlignment(body string, k, n int) ([]assessment, error) {
	var out []assessment
	seen := map[[2]int]bool{}
	for _, line := range items(body) {
		m := alignLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			return nil, fmt.Errorf("%q is not an assessment: write \"Intent <i> / Option <j>: pass | fail | unknown — <why>\"", clip(line))
		}
		i, _ := strconv.Atoi(m[1])
		j, _ := strconv.Atoi(m[2])
		switch {
		case i < 1 || i > k:
			return nil, fmt.Errorf("Intent %d is not an intent item (items 1 to %d)", i, k)
		case j < 1 || j > n:
			return nil, fmt.Errorf("option %d is not on the docket (options 1 to %d)", j, n)
		case seen[[2]int{i, j}]:
			return nil, fmt.Errorf("Intent %d / Option %d is assessed twice", i, j)
		}
		seen[[2]int{i, j}] = true
		out = append(out, assessment{Item: i, Option: j, Verdict: strings.ToLower(m[3]), Why: strings.TrimSpace(m[4])})
	}
	if len(out) != k*n {
		return nil, fmt.Errorf("the assessment covers %d of the %d pairs: assess every intent item (1 to %d) for every option (1 to %d)", len(out), k*n, k, n)
	}
	return out, nil
}

// checkProvisional is the principal-proxy seat's blind position when no intent file exists:
// a position as every seat writes it, and a provisional intent drafted from the question.
func checkProvisional(text string) error {
	if err := checkPosition(text); err != nil {
		return err
	}
	got := intentItems(sections(text)[headingKey(secProvisional)])
	switch {
	case len(got) == 0:
		return errors.New("missing or empty section: ## " + secProvisional + " (draft the asker's intent as bullets)")
	case len(got) > maxIntentItems:
		return fmt.Errorf("the provisional intent lists %d items; at most %d", len(got), maxIntentItems)
	}
	return nil
}

// intent returns the items the steward is held to and whether they are provisional; nil when
// the team has no principal-proxy seat, or its seat filed no position to draft them in.
func (s *state) intent() (items []string, provisional bool) {
	if s.opts.Version == 0 {
		return nil, false
	}
	if s.opts.Intent != nil {
		return s.opts.Intent.Items, false
	}
	for _, c := range s.rec.Blind.Contributions {
		if s.opts.speaksForIntent(c.Role) {
			return intentItems(sections(c.Text)[headingKey(secProvisional)]), true
		}
	}
	return nil, false
}

// intentList numbers the items for the steward's closing ballot.
func intentList(items []string) string {
	var b strings.Builder
	for i, it := range items {
		fmt.Fprintf(&b, "Intent %d: %s\n", i+1, it)
	}
	return b.String()
}

// intentInput is the durable intent as the principal-proxy seat reads it: repository data,
// fenced like the question.
func (k kit) intentInput(a Assignment) (engine.NamedText, bool) {
	if k.opts.Version == 0 || k.opts.Intent == nil || !k.opts.speaksForIntent(a.Role) {
		return engine.NamedText{}, false
	}
	return engine.NamedText{Name: "intent " + k.opts.Intent.Path, Text: k.opts.Intent.Text}, true
}

// blindIntentTask is what the principal-proxy seat adds to its blind position.
func (k kit) blindIntentTask(a Assignment) (string, func(string) error) {
	switch {
	case k.opts.Version == 0 || !k.opts.speaksForIntent(a.Role):
		return "", checkPosition
	case k.opts.Intent != nil:
		return "\nThe asker's intent is the input named after its file: hold the team to it.\n", checkPosition
	}
	return "\nNo intent file was given. Draft the asker's intent from the question and its context alone, as a short " +
		"list of what the answer must achieve or respect, in a section \"## " + secProvisional + "\" (one bullet each, at " +
		fmt.Sprint(maxIntentItems) + " most). It is recorded as provisional.\n", checkProvisional
}

// intentItems are the items the closing ballot assesses.
func (s *state) intentItems() []string {
	items, _ := s.intent()
	return items
}

// intentTripWires turns every intent item the steward found the selected option fails into a
// trip-wire of the decision.
func (s *state) intentTripWires() []string {
	items := s.intentItems()
	var out []string
	for _, b := range s.rec.Ballots {
		for _, a := range b.Alignment {
			if a.Option == s.rec.Ruling.Selected && a.Verdict == verdictFail && a.Item <= len(items) {
				out = append(out, fmt.Sprintf("Reopen if intent item %d (%s) is still unmet: the steward found the decision fails it — %s",
					a.Item, clip(items[a.Item-1]), orDefault(a.Why, "no reason given")))
			}
		}
	}
	return out
}

// intentNote says what the decision was assessed against, and how it fared.
func (s *state) intentNote() (string, bool) {
	items, provisional := s.intent()
	if len(items) == 0 {
		return "", false
	}
	against := "a provisional intent it drafted from the question (no " + IntentFile + " was given)"
	if !provisional {
		against = "the intent in " + s.opts.Intent.Path
	}
	count := map[string]int{}
	assessed := false
	for _, b := range s.rec.Ballots {
		for _, a := range b.Alignment {
			if a.Option == s.rec.Ruling.Selected {
				count[a.Verdict]++
				assessed = true
			}
		}
	}
	if !assessed {
		return "The steward cast no ballot, so the decision was not assessed against " + against + ".", true
	}
	return fmt.Sprintf("The steward assessed the decision against %s: %d pass, %d fail, %d unknown.", against,
		count[verdictPass], count[verdictFail], count[verdictUnknown]), true
}
