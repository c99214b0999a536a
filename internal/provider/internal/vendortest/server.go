// Package vendortest is the test support the HTTP provider adapters (anthropic, openai) share:
// a loopback server that records requests and answers from a script, reply builders, a JSON
// path walker, and the error and effort checks every adapter must pass, driven by tables of
// each vendor's own error bodies. It is imported only by tests.
package vendortest

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// Seen is one request as the Server received it.
type Seen struct {
	Method, Path string
	Header       http.Header
	Body         map[string]any
}

// Reply writes one scripted response.
type Reply func(w http.ResponseWriter, r *http.Request)

// Server is a loopback server that records requests and answers them from a script, in
// order; once the script runs out the last reply repeats, so one reply serves every retry.
type Server struct {
	// URL is the server's root, with no path.
	URL    string
	t      testing.TB
	srv    *httptest.Server
	mu     sync.Mutex
	script []Reply
	got    []Seen
	conns  int
	// quiet skips recording (and parsing) requests, for benchmarks.
	quiet bool
}

// NewServer starts a Server that the test's cleanup closes. script must not be empty.
func NewServer(t testing.TB, script ...Reply) *Server {
	t.Helper()
	if len(script) == 0 {
		t.Fatal("vendortest: a server needs at least one reply")
	}
	s := &Server{t: t, script: script}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	s.srv.Config.ConnState = s.count
	s.srv.Start()
	s.URL = s.srv.URL
	t.Cleanup(s.srv.Close)
	return s
}

// serve records the request (a body that is not JSON fails the test: both APIs take JSON)
// and answers with the next reply.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if s.quiet {
		_, _ = io.Copy(io.Discard, r.Body)
		s.script[0](w, r)
		return
	}
	raw, _ := io.ReadAll(r.Body)
	seen := Seen{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone()}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &seen.Body); err != nil {
			s.t.Errorf("request body is not JSON: %v: %s", err, raw)
		}
	}
	s.mu.Lock()
	s.got = append(s.got, seen)
	i := min(len(s.got), len(s.script)) - 1
	s.mu.Unlock()
	s.script[i](w, r)
}

// count notes every connection a client opened.
func (s *Server) count(_ net.Conn, state http.ConnState) {
	if state == http.StateNew {
		s.mu.Lock()
		s.conns++
		s.mu.Unlock()
	}
}

// Connections is how many connections clients have opened to the server so far.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}

// Requests returns a copy of the requests received so far, in order.
func (s *Server) Requests() []Seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Seen(nil), s.got...)
}

// Client is an HTTP client configured for the server.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// Close stops the server early, leaving URL pointing at a port nobody listens on.
func (s *Server) Close() { s.srv.Close() }
