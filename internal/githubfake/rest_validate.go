package githubfake

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// invalid answers 422 the way GitHub's request-schema check does ("Invalid request.\n\n…").
func invalid(w http.ResponseWriter, detail string) {
	restError(w, http.StatusUnprocessableEntity, "Invalid request.\n\n"+detail, restDocs)
}

// validationFailed answers 422 "Validation Failed" with one errors entry, GitHub's shape for
// model validations such as an over-long body.
func validationFailed(w http.ResponseWriter, resource, field, code, message string) {
	writeJSON(w, http.StatusUnprocessableEntity, obj{
		"message":           "Validation Failed",
		"errors":            []any{obj{"resource": resource, "code": code, "field": field, "message": message}},
		"documentation_url": restDocs,
		"status":            "422",
	})
}

// stringField reads a string field; required ones must be present. ok=false means a 422
// was sent.
func stringField(w http.ResponseWriter, m map[string]any, name string, required bool) (string, bool, bool) {
	v, present := m[name]
	if !present || v == nil {
		if required {
			invalid(w, fmt.Sprintf("%q wasn't supplied.", name))
			return "", false, false
		}
		return "", false, true
	}
	s, isStr := v.(string)
	if !isStr {
		invalid(w, fmt.Sprintf("For 'properties/%s', %s is not a string.", name, show(v)))
		return "", false, false
	}
	return s, true, true
}

// bodyOK checks a comment or issue body against GitHub's 65,536-character limit.
func bodyOK(w http.ResponseWriter, resource, body string) bool {
	if utf8.RuneCountInString(body) > maxBody {
		validationFailed(w, resource, "data", "unprocessable", "Body is too long (maximum is 65536 characters)")
		return false
	}
	return true
}

// page windows n items by ?per_page (default 30, max 100) and ?page, and sets the Link
// header GitHub sends, pointing back at the fake.
func (f *Fake) page(w http.ResponseWriter, rq *restReq, n int) (from, to int) {
	q := rq.URL.Query()
	per, err := strconv.Atoi(q.Get("per_page"))
	if err != nil || per <= 0 {
		per = 30
	}
	per = min(per, 100)
	pg, err := strconv.Atoi(q.Get("page"))
	if err != nil || pg <= 0 {
		pg = 1
	}
	last := max((n+per-1)/per, 1)
	from = min((pg-1)*per, n)
	to = min(from+per, n)
	link := func(p int, rel string) string {
		q.Set("page", strconv.Itoa(p))
		u := url.URL{Path: rq.URL.Path, RawQuery: q.Encode()}
		return "<" + f.srv.URL + u.String() + `>; rel="` + rel + `"`
	}
	var links []string
	if pg > 1 {
		links = append(links, link(pg-1, "prev"))
	}
	if pg < last {
		links = append(links, link(pg+1, "next"), link(last, "last"))
	}
	if pg > 1 {
		links = append(links, link(1, "first"))
	}
	if len(links) > 0 {
		w.Header().Set("Link", strings.Join(links, ", "))
	}
	return from, to
}

// denied answers 403 for a write the actor may not make.
func denied(w http.ResponseWriter, actor *user) {
	msg := "Resource not accessible by personal access token"
	if actor != nil && actor.typ == "Bot" {
		msg = "Resource not accessible by integration"
	}
	restError(w, http.StatusForbidden, msg, restDocs)
}
