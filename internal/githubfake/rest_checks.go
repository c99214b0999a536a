package githubfake

import (
	"net/http"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

var (
	checkStatuses    = []string{"queued", "in_progress", "completed", "waiting", "requested", "pending"}
	checkConclusions = []string{"action_required", "cancelled", "failure", "neutral", "success", "skipped", "stale", "timed_out"}
)

// createCheckRun requires a GitHub App token (an App installation or GITHUB_TOKEN): GitHub
// refuses checks from OAuth apps and personal tokens.
func (f *Fake) createCheckRun(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	if rq.actor.typ != "Bot" {
		restError(w, http.StatusForbidden, "You must authenticate via a GitHub App.", restDocs)
		return
	}
	m, ok := decodeBody(w, rq)
	if !ok {
		return
	}
	name, _, ok := stringField(w, m, "name", true)
	if !ok {
		return
	}
	sha, _, ok := stringField(w, m, "head_sha", true)
	if !ok {
		return
	}
	cr := &checkRun{id: f.st.id(), repo: r, app: rq.actor, name: name, headSHA: sha, status: "queued", startedAt: f.clock()}
	cr.nodeID = nodeID(pfxCheckRun, cr.id)
	if !f.applyCheckFields(w, cr, m) {
		return
	}
	r.checkRuns = append(r.checkRuns, cr)
	writeJSON(w, http.StatusCreated, f.checkRunJSON(cr))
}

func (f *Fake) updateCheckRun(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cr, ok := f.checkRunFor(w, rq)
	if !ok {
		return
	}
	if rq.actor != cr.app {
		denied(w, rq.actor)
		return
	}
	m, ok := decodeBody(w, rq)
	if !ok {
		return
	}
	next := *cr
	next.annotations = slices.Clone(cr.annotations)
	if name, has, ok := stringField(w, m, "name", false); !ok {
		return
	} else if has {
		next.name = name
	}
	if f.applyCheckFields(w, &next, m) {
		*cr = next
		writeJSON(w, http.StatusOK, f.checkRunJSON(cr))
	}
}

// applyCheckFields validates and applies status, conclusion, times, output and the rest,
// following the checks/create rules in GitHub's OpenAPI description.
func (f *Fake) applyCheckFields(w http.ResponseWriter, cr *checkRun, m map[string]any) bool {
	for _, k := range []struct {
		name string
		dst  *string
	}{{"details_url", &cr.detailsURL}, {"external_id", &cr.externalID}} {
		v, has, ok := stringField(w, m, k.name, false)
		if !ok {
			return false
		}
		if has {
			*k.dst = v
		}
	}
	status, hasStatus, ok := stringField(w, m, "status", false)
	if !ok {
		return false
	}
	conclusion, hasConclusion, ok := stringField(w, m, "conclusion", false)
	if !ok {
		return false
	}
	_, hasCompletedAt := m["completed_at"]
	if hasStatus && !slices.Contains(checkStatuses, status) {
		invalid(w, "For 'properties/status', "+show(status)+" is not a member of the allowed values.")
		return false
	}
	if hasConclusion && !slices.Contains(checkConclusions, conclusion) {
		invalid(w, "For 'properties/conclusion', "+show(conclusion)+" is not a member of the allowed values.")
		return false
	}
	if (status == "completed" || hasCompletedAt) && !hasConclusion && cr.conclusion == "" {
		invalid(w, `"conclusion" wasn't supplied.`)
		return false
	}
	if hasStatus {
		cr.status = status
	}
	if hasConclusion {
		cr.conclusion, cr.status = conclusion, "completed"
	}
	if !f.checkTimes(w, cr, m) {
		return false
	}
	if out, has := m["output"]; has {
		return f.applyOutput(w, cr, out)
	}
	return true
}

func (f *Fake) checkTimes(w http.ResponseWriter, cr *checkRun, m map[string]any) bool {
	for _, k := range []struct {
		name string
		dst  *time.Time
	}{{"started_at", &cr.startedAt}, {"completed_at", &cr.completedAt}} {
		v, has, ok := stringField(w, m, k.name, false)
		if !ok {
			return false
		}
		if has {
			t, err := time.Parse(time.RFC3339, v)
			if err != nil {
				invalid(w, "For 'properties/"+k.name+"', "+show(v)+" is not a date-time.")
				return false
			}
			*k.dst = t.UTC()
		}
	}
	if cr.status == "completed" && cr.completedAt.IsZero() {
		cr.completedAt = f.clock()
	}
	return true
}

func (f *Fake) applyOutput(w http.ResponseWriter, cr *checkRun, out any) bool {
	o, isObj := out.(map[string]any)
	if !isObj {
		invalid(w, "For 'properties/output', "+show(out)+" is not an object.")
		return false
	}
	title, _, ok := stringField(w, o, "title", true)
	if !ok {
		return false
	}
	summary, _, ok := stringField(w, o, "summary", true)
	if !ok {
		return false
	}
	text, _, ok := stringField(w, o, "text", false)
	if !ok {
		return false
	}
	for name, v := range map[string]string{"summary": summary, "text": text} {
		if n := utf8.RuneCountInString(v); n > 65535 {
			invalid(w, "For 'properties/"+name+"', only 65535 characters are allowed; "+strconv.Itoa(n)+" were supplied.")
			return false
		}
	}
	anns, _ := o["annotations"].([]any)
	if len(anns) > 50 {
		invalid(w, "For 'properties/annotations', no more than 50 annotations are allowed per request.")
		return false
	}
	for i, a := range anns {
		am, ok := annotationOK(w, a, i)
		if !ok {
			return false
		}
		cr.annotations = append(cr.annotations, am)
	}
	cr.title, cr.summary, cr.text = title, summary, text
	return true
}
