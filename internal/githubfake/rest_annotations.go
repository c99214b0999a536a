package githubfake

import (
	"fmt"
	"net/http"
	"slices"
)

var annotationLevels = []string{"notice", "warning", "failure"}

// annotationOK checks one output.annotations item against the checks/create rules:
// path, start_line, end_line, annotation_level and message are required.
func annotationOK(w http.ResponseWriter, a any, i int) (map[string]any, bool) {
	m, isObj := a.(map[string]any)
	if !isObj {
		invalid(w, fmt.Sprintf("For 'items', %s is not an object.", show(a)))
		return nil, false
	}
	for _, k := range []string{"path", "annotation_level", "message"} {
		v, isStr := m[k].(string)
		if !isStr {
			invalid(w, fmt.Sprintf("For 'properties/annotations' item %d, %q wasn't supplied or is not a string.", i, k))
			return nil, false
		}
		if k == "annotation_level" && !slices.Contains(annotationLevels, v) {
			invalid(w, "For 'properties/annotation_level', "+show(v)+" is not a member of the allowed values.")
			return nil, false
		}
	}
	for _, k := range []string{"start_line", "end_line"} {
		n, isNum := m[k].(float64)
		if !isNum || n != float64(int(n)) {
			invalid(w, fmt.Sprintf("For 'properties/annotations' item %d, %q wasn't supplied or is not an integer.", i, k))
			return nil, false
		}
	}
	return m, true
}

// listAnnotations answers GET /check-runs/{id}/annotations, in the order they were added,
// paged.
func (f *Fake) listAnnotations(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cr, ok := f.checkRunFor(w, rq)
	if !ok {
		return
	}
	from, to := f.page(w, rq, len(cr.annotations))
	out := []any{}
	for _, a := range cr.annotations[from:to] {
		field := func(k string) any {
			if v, has := a[k]; has {
				return v
			}
			return nil
		}
		path, _ := a["path"].(string)
		out = append(out, obj{
			"path": path, "start_line": a["start_line"], "end_line": a["end_line"],
			"start_column": field("start_column"), "end_column": field("end_column"),
			"annotation_level": a["annotation_level"], "title": field("title"), "message": a["message"],
			"raw_details": field("raw_details"),
			"blob_href":   htmlRoot + cr.repo.fullName() + "/blob/" + cr.headSHA + "/" + path,
		})
	}
	writeJSON(w, http.StatusOK, out)
}
