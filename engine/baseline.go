package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/record"
)

// Baseline asks for a matched-compute vote beside a decision: K independent cold calls, spread
// over the panel's families, each shown only the session's inputs and the decision's final
// options (neutrally labelled, in its own order) and asked to choose one. Published studies
// find that such a vote explains most of what debate is credited with; setting the two side by
// side shows a reader whether the deliberation changed anything. The zero value asks for none.
type Baseline struct {
	// Calls is K, the number of ballots asked for.
	Calls int `json:"calls,omitempty"`
	// Matched picks K after the panel has answered, so that the vote's tokens come close to
	// the deliberation's (at most MaxBaselineCalls).
	Matched bool `json:"matched,omitempty"`
}

// MaxBaselineCalls bounds K, given or matched: a vote wider than this adds cost and no
// information a reader can use.
const MaxBaselineCalls = 32

// BaselineAnswerTokens is what one ballot's answer is expected to spend (a choice and a
// paragraph), for matching K and for the estimate.
const BaselineAnswerTokens = 300

// On reports whether a vote is asked for.
func (b Baseline) On() bool { return b.Calls > 0 || b.Matched }

// String is the setting as a user writes it: "5", "matched" or "off".
func (b Baseline) String() string {
	switch {
	case b.Matched:
		return "matched"
	case b.Calls > 0:
		return strconv.Itoa(b.Calls)
	}
	return "off"
}

// ParseBaseline reads the setting as --baseline and the configuration's baseline.calls take
// it: a whole number of calls (0 or "off": none) or "matched".
func ParseBaseline(v string) (Baseline, error) {
	switch v = strings.TrimSpace(v); strings.ToLower(v) {
	case "", "0", "off":
		return Baseline{}, nil
	case "matched":
		return Baseline{Matched: true}, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return Baseline{}, fmt.Errorf("wants a whole number of calls (1 to %d), \"matched\" or \"off\", got %q", MaxBaselineCalls, v)
	}
	if n > MaxBaselineCalls {
		return Baseline{}, fmt.Errorf("asks for %d calls; at most %d are made", n, MaxBaselineCalls)
	}
	return Baseline{Calls: n}, nil
}

// Bounded is the vote as a server's ceiling sees it: none when off; a matched vote at the
// most it may ask. The setting may come from --baseline or the configuration's
// baseline.calls (the session keeps only its value), so the refusal names both.
func (b Baseline) Bounded() []limits.Bounded {
	switch {
	case b.Matched:
		return []limits.Bounded{{Ceiling: limits.CeilingBaselineCalls, Value: MaxBaselineCalls,
			Shown: fmt.Sprintf("A matched baseline vote (--baseline or baseline.calls: matched, up to %d calls)", MaxBaselineCalls)}}
	case b.Calls > 0:
		return []limits.Bounded{{Ceiling: limits.CeilingBaselineCalls, Value: int64(b.Calls),
			Shown: fmt.Sprintf("A baseline vote of %d calls (--baseline or baseline.calls)", b.Calls)}}
	}
	return nil
}

// baselineStep stores K once the vote starts, so that a resumed session asks the same number
// (a matched K reads the ledger, which the ballots themselves grow).
const baselineStep = "engine/baseline"

// baselinePhase names the ballots' steps ("baseline/3"), their phase in the ledger.
const baselinePhase = "baseline"

// BaselineRole is the ledger's role of a ballot.
const BaselineRole = "baseline"

// BaselineProfiles spreads k calls over the seats' families: the families in the order their
// first seat appears, each family's distinct profiles in turn, so that no family gets two
// ballots before every family has one.
func BaselineProfiles(seats []Seat, k int) []string {
	var families []string
	profiles := map[string][]string{}
	for _, s := range seats {
		fam := s.Family
		if fam == "" {
			fam = s.Profile
		}
		if _, ok := profiles[fam]; !ok {
			families = append(families, fam)
		}
		if !slices.Contains(profiles[fam], s.Profile) {
			profiles[fam] = append(profiles[fam], s.Profile)
		}
	}
	if len(families) == 0 {
		return nil
	}
	out := make([]string, k)
	for i := range out {
		fam := profiles[families[i%len(families)]]
		out[i] = fam[(i/len(families))%len(fam)]
	}
	return out
}

// baseline holds the vote out.Baseline asks for beside the decision, records its ballots in
// the DAG and the decision, and adds its section. It runs after the deliberation, so nothing
// the panel wrote besides the options reaches a ballot.
func (r *Run) baseline(ctx context.Context, out Result, plan Plan) error {
	d := out.Decision
	opts := d.Alternatives
	if len(opts) < 2 {
		d.Baseline = &decision.BaselineVote{Matched: out.Baseline.Matched, Calls: out.Baseline.Calls,
			Skipped: "the decision states fewer than two options, so there was nothing to vote on"}
		return nil
	}
	entries, err := r.cfg.Store.Ledger(ctx, r.session.ID)
	if err != nil {
		return fmt.Errorf("read the ledger: %w", err)
	}
	var spent int64
	for _, e := range entries {
		if !strings.HasPrefix(e.Step, baselinePhase+"/") {
			spent += e.Usage.Total()
		}
	}
	inputs := make([]NamedText, 0, len(r.session.Inputs))
	for _, in := range r.session.Inputs {
		inputs = append(inputs, NamedText{Name: in.Name, Text: in.Text})
	}
	k, err := Step(ctx, r, baselineStep, func(context.Context) (baselineSize, error) {
		if !out.Baseline.Matched {
			return baselineSize{Calls: out.Baseline.Calls}, nil
		}
		return matchedCalls(spent, r.ballotPrompt(inputs, opts, 0).size(inputs)), nil
	})
	if err != nil {
		return err
	}
	vote := &decision.BaselineVote{Calls: k.Calls, Matched: out.Baseline.Matched, Capped: k.Capped, Deliberation: spent}
	for _, a := range opts {
		if a.Selected {
			vote.Panel = a.Label
		}
	}
	profiles := BaselineProfiles(plan.Seats, k.Calls)
	if len(profiles) == 0 {
		return errors.New("a baseline vote needs the plan's seats to spread its calls over, and the plan has none")
	}
	items := make([]int, k.Calls)
	for i := range items {
		items[i] = i + 1
	}
	shared := map[string]int{}
	for _, p := range profiles {
		shared[p]++
	}
	r.Phase(baselinePhase)
	results := Parallel(ctx, r, baselinePhase, items, strconv.Itoa, func(ctx context.Context, n int) (CallResult, error) {
		bp := r.ballotPrompt(inputs, opts, n)
		upTo := -1
		if shared[profiles[n-1]] > 1 {
			upTo = len(inputs) // the other ballots on this profile read the session's inputs
		}
		return r.Call(ctx, CallSpec{Role: BaselineRole, Profile: profiles[n-1], System: ballotRole,
			Inputs: append(slices.Clone(inputs), NamedText{Name: "options", Text: bp.options}), Task: ballotTask,
			MaxTokens: 2 * BaselineAnswerTokens, CacheUpTo: upTo,
			Contract: func(text string) error { _, err := readBallot(text, len(opts)); return err }})
	})
	if out.DAG == nil {
		out.DAG = record.NewDAG(r.session.ID)
	}
	for i, res := range results {
		n := i + 1
		b := decision.Ballot{N: n, Profile: profiles[i]}
		p, perr := r.cfg.Profiles.Get(profiles[i])
		if perr == nil {
			b.Family = p.Family
		}
		if res.Err != nil {
			var ce *CallError
			if !errors.As(res.Err, &ce) || ce.Class == ledger.ClassCancelled {
				return res.Err // interrupted: a resume asks the ballots that are left
			}
			b.Failed = ce.Class
			vote.Ballots = append(vote.Ballots, b)
			continue
		}
		vote.Tokens += res.Value.Usage.Total()
		choice, err := readBallot(res.Value.Text, len(opts))
		if err != nil {
			b.Failed = ledger.ClassContract
			vote.Ballots = append(vote.Ballots, b)
			continue
		}
		order := r.ballotPrompt(inputs, opts, n).order
		b.Choice, b.Reason = opts[order[choice.index]].Label, choice.reason
		vote.Ballots = append(vote.Ballots, b)
		author := record.Attribution{Role: BaselineRole, Profile: b.Profile, Family: b.Family}
		if perr == nil {
			author.Provider, author.Model = p.Type, p.Model
		}
		if _, err := out.DAG.Add(res.Value.Text, baselinePhase, 0, fmt.Sprintf("Ballot %d", n), author, "", r.Now()); err != nil {
			return fmt.Errorf("record ballot %d: %w", n, err)
		}
	}
	vote.Tally()
	d.Baseline = vote
	d.Sections = append(d.Sections, vote.RecordSection(d))
	return nil
}

// baselineSize is the vote's K as its step stores it, and the K matching wanted when that was
// more than MaxBaselineCalls.
type baselineSize struct {
	Calls  int `json:"calls"`
	Capped int `json:"capped,omitempty"`
}

// matchedCalls is the K whose ballots spend about the deliberation's tokens: the deliberation's
// spend over one ballot's prompt and answer, at least 1 and at most MaxBaselineCalls.
func matchedCalls(spent int64, promptTokens int) baselineSize {
	k := max(1, int(math.Round(float64(spent)/float64(promptTokens+BaselineAnswerTokens))))
	if k > MaxBaselineCalls {
		return baselineSize{Calls: MaxBaselineCalls, Capped: k}
	}
	return baselineSize{Calls: k}
}

// ballotRole is the instruction every ballot gets. It is written so that nothing about the
// panel, its arguments or its choice reaches the call.
const ballotRole = `You are one of several voters, each answering alone. Read the question and the material above,
then the numbered options. Choose the single option you judge best for the people asking,
weighing what each would cost, risk and make possible. Nobody else's view of the options is
shown to you, and none should be guessed at: judge them as they stand.`

// ballotTask asks for the choice in a form readBallot tolerates in many shapes.
const ballotTask = `Begin your answer with one line of the form "Choice: Option N", N being the number of the option
you choose, then give your reason in a short paragraph.`

// ballot is one ballot's options text and the order it shows them in (order[i] is the index
// into the decision's options of the option shown as number i+1).
type ballot struct {
	options string
	order   []int
}

// ballotPrompt is ballot n's options. Each ballot draws its own order from the session's seed,
// so no position favours any option across the vote; ballot 0 is the unshuffled order (for
// sizing).
func (r *Run) ballotPrompt(inputs []NamedText, opts []decision.Alternative, n int) ballot {
	order := make([]int, len(opts))
	for i := range order {
		order[i] = i
	}
	if n > 0 {
		rng := r.Rand(fmt.Sprintf("baseline/%d", n))
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	var b strings.Builder
	for i, o := range order {
		fmt.Fprintf(&b, "Option %d: %s\n", i+1, oneLine(opts[o].Title))
		if s := strings.TrimSpace(opts[o].Summary); s != "" {
			b.WriteString(s + "\n")
		}
		b.WriteString("\n")
	}
	return ballot{options: strings.TrimSpace(b.String()), order: order}
}

// size is the tokens a ballot's prompt is expected to spend: the session's inputs, its options
// and its instructions.
func (b ballot) size(inputs []NamedText) int {
	n := estimateTokens(b.options, ballotRole, ballotTask)
	for _, in := range inputs {
		n += estimateTokens(in.Text)
	}
	return n
}

// readChoice matches a choice line once markdown's emphasis and list marks are stripped:
// "Choice: Option 2", "**Choice:** 2", "- My choice — option 3".
var (
	readChoice = regexp.MustCompile(`(?i)^(?:my\s+)?(?:final\s+)?choice\s*[:\-–—]?\s*(?:is\s+)?(?:option\s*)?#?(\d+)\b`)
	anyOption  = regexp.MustCompile(`(?i)\boption\s*#?(\d+)\b`)
)

type choice struct {
	index  int // 0-based, in the ballot's order
	reason string
}

// readBallot finds the option a ballot chose among n: its choice line, or, without one, the
// one option it names throughout. A ballot that names none, several or a number out of range
// breaks the contract (and is asked once more with the reason).
func readBallot(text string, n int) (choice, error) {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		plain := strings.TrimSpace(strings.Trim(strings.TrimSpace(line), "#>-+ \t"))
		plain = strings.NewReplacer("*", "", "_", "", "`", "").Replace(plain)
		m := readChoice.FindStringSubmatch(plain)
		if m == nil {
			continue
		}
		k, _ := strconv.Atoi(m[1])
		if k < 1 || k > n {
			return choice{}, fmt.Errorf("the choice names option %d; the options are numbered 1 to %d", k, n)
		}
		reason := strings.TrimSpace(strings.Join(lines[i+1:], "\n"))
		if reason == "" {
			reason = strings.TrimSpace(strings.TrimLeft(plain[len(m[0]):], ".:;,–—- "))
		}
		return choice{index: k - 1, reason: reasonLine(reason)}, nil
	}
	named := map[int]bool{}
	for _, m := range anyOption.FindAllStringSubmatch(text, -1) {
		k, _ := strconv.Atoi(m[1])
		named[k] = true
	}
	if len(named) == 1 {
		for k := range named {
			if k >= 1 && k <= n {
				return choice{index: k - 1, reason: reasonLine(text)}, nil
			}
		}
	}
	return choice{}, fmt.Errorf(`the answer has no line "Choice: Option N" naming one of the options 1 to %d`, n)
}

// reasonLine keeps a ballot's reason to one line a table cell can hold.
func reasonLine(s string) string {
	s = oneLine(strings.NewReplacer("*", "", "`", "").Replace(s))
	if r := []rune(s); len(r) > 240 {
		return strings.TrimSpace(string(r[:239])) + "…"
	}
	return s
}

// oneLine folds s onto one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// DryRunLine says, in a dry run, that a plain vote will follow the decision ("" when none
// will).
func (b Baseline) DryRunLine() string {
	switch {
	case b.Matched:
		return fmt.Sprintf("baseline: once the panel has decided, a plain vote of as many independent calls as match the deliberation's tokens (at most %d), each shown only the question, the material and the final options", MaxBaselineCalls)
	case b.On():
		return fmt.Sprintf("baseline: once the panel has decided, a plain vote of %d independent calls, each shown only the question, the material and the final options", b.Calls)
	}
	return ""
}
