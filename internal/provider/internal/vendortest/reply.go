package vendortest

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// JSONFile replies with status, extra header name/value pairs and a file from the calling
// package's testdata directory as the body.
func JSONFile(t testing.TB, status int, name string, headers ...string) Reply {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return Raw(status, "application/json", string(body), headers...)
}

// Raw replies with status, content type, body and extra header name/value pairs.
func Raw(status int, contentType, body string, headers ...string) Reply {
	return func(w http.ResponseWriter, _ *http.Request) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

// Hang never answers: it holds the request until the client gives up on it.
func Hang(_ http.ResponseWriter, r *http.Request) { <-r.Context().Done() }

// Path walks decoded JSON by object keys and array indexes; a missing step gives nil.
func Path(v any, keys ...any) any {
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			a, _ := v.([]any)
			if k >= len(a) {
				return nil
			}
			v = a[k]
		}
	}
	return v
}
