package openai

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// seen is one request as the fake API received it.
type seen struct {
	Method, Path string
	Header       http.Header
	Body         map[string]any
}

// reply writes one scripted response.
type reply func(w http.ResponseWriter, r *http.Request)

// fakeAPI is a loopback server that records requests and answers them from a script, in
// order; once the script runs out the last reply repeats.
type fakeAPI struct {
	t      *testing.T
	srv    *httptest.Server
	mu     sync.Mutex
	script []reply
	got    []seen
}

func newFakeAPI(t *testing.T, script ...reply) *fakeAPI {
	t.Helper()
	f := &fakeAPI{t: t, script: script}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	s := seen{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone()}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &s.Body); err != nil {
			f.t.Errorf("request body is not JSON: %v: %s", err, raw)
		}
	}
	f.mu.Lock()
	f.got = append(f.got, s)
	i := min(len(f.got), len(f.script)) - 1
	f.mu.Unlock()
	f.script[i](w, r)
}

func (f *fakeAPI) requests() []seen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seen(nil), f.got...)
}

// base is the API root the fake serves, under a path as real deployments are.
func (f *fakeAPI) base() string { return f.srv.URL + "/v1" }

// client builds a Client against the fake; the API key is whatever cfg says.
func (f *fakeAPI) client(cfg Config) *Client {
	cfg.BaseURL = f.base()
	return New(cfg)
}

// jsonFile replies with status, extra headers and a testdata file as the body.
func jsonFile(t *testing.T, status int, name string, headers ...string) reply {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return raw(status, "application/json", string(body), headers...)
}

func raw(status int, contentType, body string, headers ...string) reply {
	return func(w http.ResponseWriter, _ *http.Request) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

// path walks decoded JSON by object keys and array indexes.
func path(v any, keys ...any) any {
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
