package council

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/internal/memory"
)

// secRemember is the optional section of a closing answer that proposes items for memory.
const secRemember = "Remember"

// keyWriteback is the step a session's memory proposals are stored under.
const keyWriteback = "writeback"

// Proposal is one item a seat proposed for memory, or why it was not kept.
type Proposal struct {
	By   string      `json:"by"`
	Item memory.Item `json:"item"`
	// Refused says why the proposal is not on its way to review: it names no admissible
	// source. An opinion is refused here, before any person has to read it.
	Refused string `json:"refused,omitempty"`
}

// personalDataRule is told to every call of a session whose profile handles personal data.
const personalDataRule = "The material is about a person. Quote or repeat a personal detail (a name, contact " +
	"details, dates, employers, places) only where your answer cannot be made without it, and never add one " +
	"that the material does not hold."

// rememberHelp tells a seat at the closing ballot how to propose memory.
const rememberHelp = "\nYou may propose what the team should remember next time, in a section \"## " + secRemember +
	"\": one line each, `- [decision] <what this decision settles>` or `- [file PATH] <what that file establishes>`. " +
	"A person reviews every proposal before it is kept; a line without one of these sources is dropped, and so is " +
	"anything that is only your view.\n"

var sourceTag = regexp.MustCompile(`^\[(decision|file)(?:\s+([^\]\s]+))?\]\s*(.+)$`)

// writeback gathers the seats' proposals once the ruling is in, as a stored step: the
// decision they cite is this session's, a file is pinned by its blob at the session's commit.
func (s *state) writeback(ctx context.Context) ([]Proposal, error) {
	return engine.Step(ctx, s.r, keyWriteback, func(ctx context.Context) ([]Proposal, error) {
		var out []Proposal
		if s.opts.PersonalData {
			return nil, nil // nothing about a person is proposed for the team's memory
		}
		for _, c := range inLabelOrder(s.rec.Closing) {
			a, _ := s.plan.Seat(c.Role)
			for _, line := range items(sections(c.Text)[headingKey(secRemember)]) {
				out = append(out, s.propose(ctx, a, line))
			}
		}
		return out, nil
	})
}

func (s *state) propose(ctx context.Context, a Assignment, line string) Proposal {
	p := Proposal{By: a.Label}
	m := sourceTag.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		p.Item.Text, p.Refused = line, "it names no admissible source ([decision] or [file PATH]): a seat's view is not memory"
		return p
	}
	it := memory.Item{Member: a.Role, Text: strings.TrimSpace(m[3]), Provider: a.Family, Session: s.r.Session().ID}
	switch m[1] {
	case "decision":
		it.Source = memory.Source{Kind: memory.KindDecision, Ref: s.r.Session().ID}
	case "file":
		blob, err := s.pin(ctx, m[2])
		if err != nil {
			p.Item, p.Refused = it, fmt.Sprintf("the file %s cannot be pinned: %v", m[2], err)
			return p
		}
		it.Source = memory.Source{Kind: memory.KindFile, Ref: m[2] + "@" + blob}
	}
	if err := memory.Admissible(it); err != nil {
		p.Refused = err.Error()
	}
	it.ID = memory.NewID(it.Member, it.Text, it.Source)
	p.Item = it
	return p
}

// pin names a file's content at the session's commit by its blob SHA, through the prober
// that answers the session's evidence (git on a checkout, the API on the App).
func (s *state) pin(ctx context.Context, path string) (string, error) {
	p, ok := s.r.Prober(s.opts.Evidence).(evidence.Pinner)
	if !ok {
		return "", evidence.Refuse("this session's repository cannot name a file's content")
	}
	return p.Blob(ctx, path)
}

// Proposals reads a finished session's memory proposals: those on their way to review, and
// those refused (with why).
func Proposals(ctx context.Context, st engine.Store, sessionID string) (kept, refused []Proposal, err error) {
	var all []Proposal
	b, err := st.GetStep(ctx, sessionID, keyWriteback)
	switch {
	case errors.Is(err, engine.ErrNotFound):
		return nil, nil, nil // a session that never reached its ruling proposes nothing
	case err != nil:
		return nil, nil, fmt.Errorf("council: read the memory proposals of %s: %w", sessionID, err)
	}
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, nil, fmt.Errorf("council: decode the memory proposals of %s: %w", sessionID, err)
	}
	for _, p := range all {
		if p.Refused != "" {
			refused = append(refused, p)
		} else {
			kept = append(kept, p)
		}
	}
	return kept, refused, nil
}

// writebackNote says in the record what was proposed and what was dropped.
func writebackNote(ps []Proposal) (string, bool) {
	kept := 0
	for _, p := range ps {
		if p.Refused == "" {
			kept++
		}
	}
	if len(ps) == 0 {
		return "", false
	}
	return fmt.Sprintf("Memory: %d item(s) proposed for review (none is kept until a person approves it); %d dropped for naming no admissible source.",
		kept, len(ps)-kept), true
}
