package council

import (
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/internal/memory"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// kit builds every CallSpec of a session. Building is pure: the same session, plan and stored
// results always give the same prompts, which is what makes a resumed run match an
// uninterrupted one and what the anonymity property test exercises. No prompt — the
// arbiter's included — carries a role, profile, model or family name: system text is the role
// body, task text is written here from labels and option numbers, and every model-written
// input is scrubbed.
type kit struct {
	panel.Kit
	plan Plan
	opts Options
	// ev points at the evidence gathered so far (nil: none is fed).
	ev *[]evidence.Result
}

func newKit(s *engine.Session, plan Plan, opts Options) kit {
	return kit{Kit: panel.NewKit(s, newScrubber(identities(plan, opts.roster()), opts.Unscrubbed)), plan: plan, opts: opts}
}

// spec assembles one call: the role body, the session inputs, then the scrubbed material.
func (k kit) spec(a Assignment, inputs []engine.NamedText, task string, contract func(string) error) (engine.CallSpec, error) {
	body, err := k.opts.Body(a.Role)
	if err != nil {
		return engine.CallSpec{}, err
	}
	if k.opts.PersonalData {
		body += "\n\n" + personalDataRule
	}
	kind := timeoutSeat
	if spec, _ := k.opts.roster().Spec(a.Role); !spec.Seat {
		kind = map[string]string{Clerk: timeoutClerk, Arbiter: timeoutArbiter, Triage: timeoutTriage}[a.Role]
	}
	timeout, key := k.opts.TimeoutFor(kind, a.Effort)
	inputs = append(inputs, k.evidenceInputs()...)
	spec := k.Spec(panel.Seat{Role: a.Role, Profile: a.Profile, Effort: a.Effort}, body, inputs, task, contract, timeout)
	spec.TimeoutKey = key
	// Memory follows the session's inputs as it was stored, its texts already scrubbed: the
	// provider stamp on each item must survive the scrubber, which would withhold it.
	if text := k.memoryFor(a); text != "" {
		spec.Inputs = slices.Insert(spec.Inputs, len(k.Base), engine.NamedText{Name: "memory", Text: text})
	}
	if in, ok := k.intentInput(a); ok {
		spec.Inputs = slices.Insert(spec.Inputs, len(k.Base), in)
	}
	return spec, nil
}

// named turns labelled texts into inputs named "<kind> <label>".
func named(kind string, items []panel.Labeled) []engine.NamedText { return panel.Named(kind, items) }

func labelsOf(items []panel.Labeled) []string { return panel.Labels(items) }

const anonymity = "Other members appear only under anonymous labels (Member A, Member B, …); judge " +
	"what they wrote, never guess or mention who or what wrote it."

func (k kit) blind(a Assignment) (engine.CallSpec, error) {
	intentTask, contract := k.blindIntentTask(a)
	return k.spec(a, nil, "Blind round. You are "+a.Label+". Write your own position on the question "+
		"above, with whatever context came with it. No other member's view has been shown to you and "+
		"none will be until every member has filed. Answer in markdown with these sections:\n\n"+
		"## "+secPosition+"\n<your answer, in one to three sentences>\n"+
		"## "+secGrounds+"\n- <each reason or piece of evidence>\n"+
		"## "+secRisks+"\n- <what would make you wrong — or "+noneFoundLine+": <what you checked>>\n"+intentTask+k.evidenceHelp(), contract)
}

func (k kit) docket(positions []panel.Labeled) (engine.CallSpec, error) {
	ls := labelsOf(positions)
	return k.spec(k.plan.Clerk, engine.Shared(named("position", positions)...), "File the docket. The blind positions of "+
		strings.Join(ls, ", ")+" are above. "+anonymity+" List the distinct options they propose and the "+
		"points they dispute. Answer in markdown with exactly these sections:\n\n"+
		"## "+secOptions+"\n- Option 1: <short title> — <one-sentence summary>. Held by: <labels of every "+
		"member whose position this is>\n- Option 2: …\n\n"+
		"## "+secDisputes+"\n- <a point the members disagree on, with who is on which side, by label>\n\n"+
		fmt.Sprintf("Number the options from 1 without gaps, at most %d. Every member must hold at least "+
			"one option. Write \"- none\" under the points in dispute only if the positions agree.\n", maxOptions),
		docketContract(ls))
}

// memoryFor is what a seat reads of the memory: the team's items and its member's, in the
// third person when another provider wrote them. The clerk, the arbiter and triage read none.
func (k kit) memoryFor(a Assignment) string {
	if spec, _ := k.opts.roster().Spec(a.Role); !spec.Seat {
		return ""
	}
	return memory.ForSeat(k.opts.Memory, a.Role, a.Family, k.Scrub.Scrub)
}
