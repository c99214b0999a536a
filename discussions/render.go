package discussions

import (
	"bytes"
	"embed"
	"fmt"
	"regexp"
	"strings"
	"text/template"
	"time"
	"unicode/utf8"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/safetext"
)

//go:embed templates/*.md.tmpl
var templateFS embed.FS

var templates = template.Must(template.ParseFS(templateFS, "templates/*.md.tmpl"))

// execute renders a named template; the templates are fixed, so an error is a programming
// error worth a panic in tests rather than a half-written discussion.
func execute(name string, data any) string {
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		panic(fmt.Sprintf("discussions: template %s: %v", name, err))
	}
	return strings.TrimSpace(b.String())
}

// rendered is everything one publish writes, in order.
type rendered struct {
	Title string
	Body  string
	// Comments are the phase comments in the order the protocol listed its phases.
	Comments []Part
	// AnswerPart names the comment marked as the answer in an answerable category.
	AnswerPart string
	// Truncated names the parts that were cut to fit (never silently).
	Truncated []string
}

// Part is one comment with its marker part name.
type Part struct {
	Name string
	Body string
}

// RenderOptions are the facts a rendering needs besides the decision.
type RenderOptions struct {
	// Supersedes is the number of the discussion this decision replaces (0: none).
	Supersedes int
	// FullRecord says where else the run can be read (the Action's run URL); empty when the
	// record published with the decision is the only place.
	FullRecord string
	// Record, when set, is published after the phase comments so that the decision, and every
	// comment published with it, can be verified from GitHub alone.
	Record *verify.PublishedRecord
}

// Render turns a decision into the title, body and phase comments to publish. Text that came
// from a model or a person is parsed and rendered again by safetext, as structure it cannot
// leave; war-room's own headings, card, tables and footer are structure. Nothing is cut while
// it fits GitHub's limit of a comment; a phase longer than that continues in further comments.
func Render(d *decision.Decision, o RenderOptions) rendered {
	r := rendered{Title: Title(d)}
	where := recordWhere(d, o)
	footer := execute("footer.md.tmpl", newFooterView(d, where))
	head := Marker{Session: d.SessionID, Part: partBody}.String() + "\n" + newMeta(d.Class, o.Supersedes).String()
	main, cut := fit(card(d, where)+"\n\n"+execute("body.md.tmpl", newBodyView(d, o.Supersedes)), maxBodyChars,
		len(head)+len(footer)+8, where)
	if cut {
		r.Truncated = append(r.Truncated, partBody)
	}
	r.Body = head + "\n\n" + main + "\n\n" + footer + "\n"
	names := phaseParts(d.Phases)
	answer := answerPart(d.Phases, names)
	var phases []Part
	for i, p := range d.Phases {
		blocks := phaseBlocks(p)
		if names[i] == answer {
			blocks = append(decisionBlocks(d, where), blocks...)
		}
		parts, cut := phaseComments(d.SessionID, names[i], p.Title, blocks, where)
		if cut {
			r.Truncated = append(r.Truncated, names[i])
		}
		phases = append(phases, parts...)
	}
	for i := range phases {
		phases[i].Body += "\n" + execute("phase_footer.md.tmpl", map[string]any{
			"Index": i + 1, "Count": len(phases), "SessionID": d.SessionID}) + "\n"
	}
	r.Comments, r.AnswerPart = phases, answer
	if o.Record != nil {
		r.Comments = append(r.Comments, renderRecord(d.SessionID, o.Record, digests(r))...)
	}
	return r
}

var unsafeKeyRE = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// phaseParts names each phase's comment "phase:" + its key, made fit for a marker and unique:
// a marker that could not be parsed back, or two phases sharing one, would make a retry
// post a comment twice or drop one.
func phaseParts(phases []decision.PhaseSummary) []string {
	names := make([]string, len(phases))
	seen := map[string]bool{}
	for i, p := range phases {
		key := strings.Trim(unsafeKeyRE.ReplaceAllString(p.Key, "-"), "-")
		if key == "" || seen[key] {
			key = fmt.Sprintf("%s-%d", key, i+1)
		}
		seen[key] = true
		names[i] = partPhasePrefix + key
	}
	return names
}

// recordWhere is where a reader finds the whole record: the run's page when the caller knows
// it, else the record published with the decision.
func recordWhere(d *decision.Decision, o RenderOptions) string {
	if o.FullRecord != "" {
		return o.FullRecord
	}
	if o.Record != nil {
		return "the sealed record in this discussion's last comments; `war-room verify --repo OWNER/NAME --discussion NUMBER` checks every comment against it"
	}
	return fmt.Sprintf("`war-room decisions show %s` where the session ran", d.SessionID)
}

// decisionBlocks open the comment marked as the answer: the decision as war-room renders it
// (the card and the outcome), ahead of the decider's text.
func decisionBlocks(d *decision.Decision, where string) []string {
	out := []string{card(d, where)}
	if o := safetext.Markdown(d.Outcome); o != "" {
		out = append(out, "#### Decision", o)
	}
	return out
}

// phaseComments lays a phase's blocks out as comments: one while it fits GitHub's limit of
// a comment, else continued comments ("phase:key", "phase:key.2", …) split between blocks. A
// single block too long for a comment is the one thing cut, and says so.
func phaseComments(session, part, title string, blocks []string, where string) ([]Part, bool) {
	const reserve = 400 // the marker, the title and the footer
	budget := maxBodyChars - reserve
	var chunks [][]string
	size := 0
	cut := false
	for _, b := range blocks {
		if n := utf8.RuneCountInString(b); n > budget {
			b, _ = fit(b, budget-100, 0, where) // still inside its <details>? see closeDetails
			b = closeDetails(b)
			cut = true
		}
		n := utf8.RuneCountInString(b) + 2
		if len(chunks) == 0 || size+n > budget {
			chunks, size = append(chunks, nil), 0
		}
		chunks[len(chunks)-1] = append(chunks[len(chunks)-1], b)
		size += n
	}
	if len(chunks) == 0 {
		chunks = [][]string{nil}
	}
	out := make([]Part, len(chunks))
	for i, c := range chunks {
		name, heading := part, safetext.Words(title)
		if i > 0 {
			name = fmt.Sprintf("%s.%d", part, i+1)
			heading += fmt.Sprintf(" (continued, %d of %d)", i+1, len(chunks))
		}
		body := Marker{Session: session, Part: name}.String() + "\n### " + heading
		if len(c) > 0 {
			body += "\n\n" + strings.Join(c, "\n\n")
		}
		out[i] = Part{Name: name, Body: body + "\n"}
	}
	return out, cut
}

// closeDetails closes a <details> block that a cut left open.
func closeDetails(b string) string {
	if strings.HasPrefix(b, "<details") && !strings.HasSuffix(strings.TrimSpace(b), "</details>") {
		return strings.TrimRight(b, "\n") + "\n\n</details>"
	}
	return b
}

// answerPart is the comment a reader should see as the answer: the synthesis phase when the
// protocol has one, else its last phase.
func answerPart(phases []decision.PhaseSummary, names []string) string {
	if len(phases) == 0 {
		return ""
	}
	for i, p := range phases {
		if p.Key == "synthesis" {
			return names[i]
		}
	}
	return names[len(names)-1]
}

// untitled prefixes the question's first line when a decision has no title of its own.
const untitled = "[Decision]"

// Title is the decision's title as its protocol wrote it (the protocol's prefix included),
// made safe and kept within GitHub's 256 characters.
func Title(d *decision.Decision) string {
	title := strings.TrimSpace(d.Title)
	if title == "" {
		first, _, _ := strings.Cut(strings.TrimSpace(d.Question), "\n")
		title = untitled + " " + first
	}
	return fitTitle(safetext.Plain(title))
}

func dateOf(t time.Time) string { return t.UTC().Format("2006-01-02") }
