package githubfake

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// writeJSON sends v as GitHub does: application/json; charset=utf-8.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "githubfake: encode response: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// restError sends GitHub's REST error body {"message","documentation_url","status"}.
func restError(w http.ResponseWriter, status int, message, docs string) {
	writeJSON(w, status, map[string]any{
		"message":           message,
		"documentation_url": docs,
		"status":            strconv.Itoa(status),
	})
}
