package discussions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/shurcooL/githubv4"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/outcome"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/safetext"
)

// An outcome recorded after publication is a comment of its own on the decision's discussion
// (part outcome-1, outcome-2, …): what happened in the recorder's words, then, collapsed, the
// addendum as JSON, whose chain starts at the published record's root. Its JSON holds the
// SHA-256 of the words above it, so an edited word fails `verify` as it does in the body.

const partOutcomePrefix = "outcome-"

// publishedOutcome is an outcome comment's JSON.
type publishedOutcome struct {
	Outcome outcome.Addendum `json:"outcome"`
	// Shown is the digest of the comment's readable part.
	Shown string `json:"shown"`
}

// outcomeComment is one outcome as read back, with where it is.
type outcomeComment struct {
	publishedOutcome
	Part, URL string
	readable  string
}

// OutcomeRequest is an outcome to record on a published decision.
type OutcomeRequest struct {
	Repo   Repo
	Number int
	// Verdict is held, reversed or partly; Note what happened.
	Verdict, Note string
	// By is who said so (a login), Source where (the command comment's address, or "cli").
	By, Source string
}

// ErrOutcomeRace is an outcome that lost a race with another recorded at the same time: it was
// not posted, and asking again chains it after the other.
var ErrOutcomeRace = errors.New("ask again to record this one after it")

// ErrRecordBroken is a decision whose published record, or outcomes, no longer verify: no
// outcome is added to it.
var ErrRecordBroken = errors.New("its published record does not verify")

// RecordOutcome adds an outcome to decision req.Number: it reads the decision's record and
// outcomes from GitHub, refuses one that no longer verifies, chains the new outcome after
// the last and posts it. Recording again what the last outcome already says (a retried
// command) posts nothing and returns that outcome.
func (p *Publisher) RecordOutcome(ctx context.Context, req OutcomeRequest) (outcome.Addendum, string, error) {
	rec, err := p.ReadRecord(ctx, req.Repo, req.Number)
	if errors.Is(err, errDiscussionMissing) {
		return outcome.Addendum{}, "", fmt.Errorf("%s#%d is no discussion, so it %w", req.Repo, req.Number, ErrNoRecord)
	}
	if err != nil {
		return outcome.Addendum{}, "", err
	}
	if probs := rec.Report().Problems; len(probs) > 0 {
		return outcome.Addendum{}, "", fmt.Errorf("%s#%d: %w (%s); no outcome was added (war-room verify --repo %[1]s --discussion %[2]d)",
			req.Repo, req.Number, ErrRecordBroken, probs[0].Describe())
	}
	chain := rec.Chain()
	if last, ok := outcome.Latest(chain); ok && last.Verdict == strings.ToLower(req.Verdict) && last.By == req.By &&
		last.Note == strings.TrimSpace(safetext.Redact(req.Note)) {
		return last, rec.Outcomes[len(rec.Outcomes)-1].URL, nil
	}
	a, err := outcome.Next(chain, rec.Session, rec.Seal.Root, req.Verdict, req.Note, req.By, req.Source, p.now())
	if err != nil {
		return outcome.Addendum{}, "", err
	}
	body := renderOutcome(a)
	defer p.begin()()
	p.progress(fmt.Sprintf("outcome %d of #%d", a.Seq, req.Number))
	var url string
	err = p.retry(ctx, "record the outcome of #"+strconv.Itoa(req.Number), func(ctx context.Context) error {
		info, err := p.lookup(ctx, req.Repo)
		if err != nil {
			return err
		}
		got, th, err := p.ourComments(ctx, req.Repo, req.Number, rec.Session, info.login)
		if err != nil {
			return err
		}
		if c, taken := got[partOutcomePrefix+strconv.Itoa(a.Seq)]; taken {
			if o, err := readOutcome("", "", c.Body); err == nil && o.Outcome.Digest == a.Digest {
				return nil // an earlier attempt's write arrived
			}
			return fmt.Errorf("%s#%d: another outcome %d was recorded meanwhile; %w", req.Repo, req.Number, a.Seq, ErrOutcomeRace)
		}
		_, err = p.addComment(ctx, th.ID, body)
		return err
	})
	if err == nil {
		url = rec.discussionURL()
	}
	return a, url, err
}

// renderOutcome is an outcome's comment: marker, the readable part, the addendum.
func renderOutcome(a outcome.Addendum) string {
	readable := outcomeReadable(a)
	raw, err := json.Marshal(publishedOutcome{Outcome: a, Shown: safetext.PublishedDigest(readable)})
	if err != nil {
		panic(fmt.Sprintf("discussions: encode an outcome: %v", err)) // plain data: cannot fail
	}
	payload := safetext.ASCIIJSON(raw)
	var b strings.Builder
	b.WriteString(Marker{Session: a.Session, Part: partOutcomePrefix + strconv.Itoa(a.Seq)}.String() + "\n")
	b.WriteString(readable)
	fmt.Fprintf(&b, "\n<details><summary>Verifiable outcome %d (digest <code>%s</code>)</summary>\n\n", a.Seq, a.Digest)
	b.WriteString(safetext.JSONBlock(safetext.JSONFence(payload), payload) + "\n</details>\n")
	return b.String()
}

// verdictWords say a verdict as a sentence's predicate.
var verdictWords = map[string]string{outcome.Held: "the decision held", outcome.Reversed: "the decision was reversed",
	outcome.Partly: "the decision partly held"}

// outcomeReadable is what a reader sees of an outcome: the verdict, who said it and when,
// and the note as its author wrote it, quoted.
func outcomeReadable(a outcome.Addendum) string {
	where := "from the command line"
	switch {
	case strings.HasPrefix(a.Source, "https://") && strings.Contains(a.Source, "/discussions/"):
		where = "in a comment on this discussion"
	case strings.HasPrefix(a.Source, "https://"):
		where = "in a comment on an issue"
	}
	return execute("outcome.md.tmpl", map[string]any{"Seq": a.Seq, "Verdict": verdictWords[a.Verdict], "By": safetext.Inline(a.By),
		"Date": dateOf(a.At), "Where": where, "Note": safetext.Quote(a.Note)}) + "\n"
}

// OutcomeMarkdown is an outcome as its comment shows it to a reader, for pages other than
// the discussion (the site).
func OutcomeMarkdown(a outcome.Addendum) string { return outcomeReadable(a) }

// readOutcome reads an outcome comment's JSON and readable part.
func readOutcome(part, url, body string) (outcomeComment, error) {
	payload, ok := safetext.ReadJSONBlock(body)
	if !ok {
		return outcomeComment{}, fmt.Errorf("%s %s holds no outcome (edited?)", part, url)
	}
	var po publishedOutcome
	if err := json.Unmarshal([]byte(payload), &po); err != nil {
		return outcomeComment{}, fmt.Errorf("%s %s: the outcome does not read as JSON (edited?): %w", part, url, err)
	}
	_, rest, _ := strings.Cut(body, "\n")
	readable, _, _ := strings.Cut(rest, "\n<details><summary>Verifiable outcome")
	return outcomeComment{publishedOutcome: po, Part: part, URL: url, readable: readable + "\n"}, nil
}

// Chain is the decision's outcomes, in order.
func (r *fetchedRecord) Chain() []outcome.Addendum {
	out := make([]outcome.Addendum, len(r.Outcomes))
	for i, o := range r.Outcomes {
		out[i] = o.Outcome
	}
	return out
}

// OutcomeProblems checks the outcomes published on the discussion: their chain from the
// record's root, the words each shows against its digest, and that the person it names is
// the author of the command comment it cites.
func (r *fetchedRecord) OutcomeProblems() []verify.Problem {
	out := slices.Clone(r.outcomeErrs)
	out = append(out, verify.OutcomeChain(r.Session, r.Seal.Root, r.Chain())...)
	for i, o := range r.Outcomes {
		name := fmt.Sprintf("outcome %d %s", i+1, o.URL)
		if got := safetext.PublishedDigest(o.readable); !safetext.PublishedMatches(o.readable, o.Shown) {
			out = append(out, verify.Problem{Kind: verify.ProblemOutcome, Name: name, Field: "sha256", Stored: o.Shown, Recomputed: got})
		}
		if author, ok := r.commenters[o.Outcome.Source]; ok && author != o.Outcome.By {
			out = append(out, verify.Problem{Kind: verify.ProblemOutcome, Name: name, Field: "by", Stored: o.Outcome.By, Recomputed: author})
		}
	}
	return out
}

// Report is everything `verify` checks in a published decision: its record, the comments
// published with it, its outcomes.
func (r *fetchedRecord) Report() verify.Report {
	rep := verify.Published(r.PublishedRecord)
	rep.Problems = append(append(rep.Problems, r.PublishedProblems()...), r.OutcomeProblems()...)
	rep.Outcomes = len(r.Outcomes)
	return rep
}

func (r *fetchedRecord) discussionURL() string { return r.served[partBody].url }

// Verdict is the decision's latest outcome ("held", "reversed", "partly"), "" for none.
func (r *fetchedRecord) Verdict() string {
	if a, ok := outcome.Latest(r.Chain()); ok {
		return a.Verdict
	}
	return ""
}

// Reply answers a comment on a discussion in its thread (replyTo is the comment's node ID;
// empty, or a comment that is itself a reply, answers at the top level, as GitHub allows
// replies to top-level comments only).
func (p *Publisher) Reply(ctx context.Context, discussionID, replyTo, body string) error {
	defer p.begin()()
	return p.retry(ctx, "reply on a discussion", func(ctx context.Context) error {
		var m addCommentMutation
		in := githubv4.AddDiscussionCommentInput{DiscussionID: idOf(discussionID), Body: githubv4.String(body)}
		if replyTo != "" {
			id := idOf(replyTo)
			in.ReplyToID = &id
		}
		return p.c.mutate(ctx, "addDiscussionComment", &m, in, nil)
	})
}

// tickedLine is a ticked item of a task list in a body GitHub serves.
var tickedLine = regexp.MustCompile(`(?m)^[ \t]*[-*+] \[[xX]\] (.+)$`)

// Tripped are the trip-wires and watch points a reader has ticked in the decision's body
// ("What would change this decision"), as they read there.
func (r *fetchedRecord) Tripped() []string {
	var out []string
	for _, m := range tickedLine.FindAllStringSubmatch(r.served[partBody].body, -1) {
		out = append(out, strings.TrimSpace(m[1]))
	}
	return out
}

// PublishedDecision is the decision the record holds, read from its JSON.
func (r *fetchedRecord) PublishedDecision() (*decision.Decision, error) {
	if len(r.Decision) == 0 {
		return nil, errors.New("its published record holds no decision")
	}
	var d decision.Decision
	if err := json.Unmarshal(r.Decision, &d); err != nil {
		return nil, fmt.Errorf("its published decision does not read as JSON: %w", err)
	}
	return &d, nil
}
