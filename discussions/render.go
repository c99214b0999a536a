package discussions

import (
	"bytes"
	"embed"
	"fmt"
	"github.com/war-room/war-room/internal/safetext"
	"regexp"
	"strings"
	"text/template"
	"time"

	"github.com/war-room/war-room/engine"
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
	// FullRecord says where the untruncated record is (default: the CLI command showing it).
	FullRecord string
	// Record, when set, is published after the phase comments so that the decision can be
	// verified from GitHub alone.
	Record *engine.PublishedRecord
}

// Render turns a decision into the title, body and phase comments to publish. Every text
// that came from a model or a person passes through safetext: multi-line text is quoted,
// phrases are escaped, so only war-room's own headings, outcome line, dissent, independence
// line and footer are structure.
func Render(d *engine.Decision, o RenderOptions) rendered {
	if o.FullRecord == "" {
		o.FullRecord = fmt.Sprintf("`war-room decisions show %s`", d.SessionID)
	}
	r := rendered{Title: Title(d)}
	footer := execute("footer.md.tmpl", newFooterView(d, o.FullRecord))
	head := Marker{Session: d.SessionID, Part: partBody}.String() + "\n" + newMeta(d.Class, o.Supersedes).String()
	main, cut := fit(execute("body.md.tmpl", newBodyView(d, o.Supersedes)), maxBodyWords, maxBodyChars,
		len(head)+len(footer)+8, o.FullRecord)
	if cut {
		r.Truncated = append(r.Truncated, partBody)
	}
	r.Body = head + "\n\n" + main + "\n\n" + footer + "\n"
	names := phaseParts(d.Phases)
	for i, p := range d.Phases {
		part := names[i]
		body, cut := renderPhase(d, i, part, p, o.FullRecord)
		if cut {
			r.Truncated = append(r.Truncated, part)
		}
		r.Comments = append(r.Comments, Part{Name: part, Body: body})
	}
	r.AnswerPart = answerPart(d.Phases, names)
	if o.Record != nil {
		r.Comments = append(r.Comments, renderRecord(d.SessionID, o.Record)...)
	}
	return r
}

var unsafeKeyRE = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// phaseParts names each phase's comment "phase:" + its key, made fit for a marker and unique:
// a marker that could not be parsed back, or two phases sharing one, would make a retry
// post a comment twice or drop one.
func phaseParts(phases []engine.PhaseSummary) []string {
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

func renderPhase(d *engine.Decision, i int, part string, p engine.PhaseSummary, fullRecord string) (string, bool) {
	head := Marker{Session: d.SessionID, Part: part}.String()
	footer := execute("phase_footer.md.tmpl", map[string]any{
		"Index": i + 1, "Count": len(d.Phases), "SessionID": d.SessionID})
	text := execute("phase.md.tmpl", map[string]any{
		"Title": safetext.Inline(p.Title), "Body": phaseBody(p)})
	main, cut := fit(text, maxCommentWords, maxBodyChars, len(head)+len(footer)+8, fullRecord)
	return head + "\n" + main + "\n\n" + footer + "\n", cut
}

// answerPart is the comment a reader should see as the answer: the synthesis phase when the
// protocol has one, else its last phase.
func answerPart(phases []engine.PhaseSummary, names []string) string {
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
func Title(d *engine.Decision) string {
	title := strings.TrimSpace(d.Title)
	if title == "" {
		first, _, _ := strings.Cut(strings.TrimSpace(d.Question), "\n")
		title = untitled + " " + first
	}
	return fitTitle(safetext.Plain(title))
}

func dateOf(t time.Time) string { return t.UTC().Format("2006-01-02") }
