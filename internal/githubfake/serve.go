package githubfake

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
)

// serve is the front door of every request: request ID, call log, API version, credentials,
// rate-limit headers, mutation spacing and injected faults, then the GraphQL or REST handler.
func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	c := f.describe(r, body)
	w.Header().Set("X-GitHub-Request-Id", c.RequestID)
	rec := &statusRecorder{ResponseWriter: w}
	f.handle(rec, r, body, &c)
	c.Status = rec.status
	if c.Status == 0 && !c.hung {
		c.Status = http.StatusOK
	}
	f.mu.Lock()
	f.calls = append(f.calls, c)
	f.mu.Unlock()
}

func (f *Fake) describe(r *http.Request, body []byte) Call {
	f.mu.Lock()
	f.requestSeq++
	c := Call{
		Time:      f.now(),
		RequestID: fmt.Sprintf("F4KE:%04X:%06X:%06X", f.requestSeq, f.requestSeq*7919%0xffffff, f.requestSeq*104729%0xffffff),
		Method:    r.Method,
		Path:      restPath(r.URL.Path),
		RawQuery:  r.URL.RawQuery,
	}
	f.mu.Unlock()
	if isGraphQLPath(r.URL.Path) {
		c.GraphQL = true
		describeGraphQL(body, &c)
		return c
	}
	c.Mutation = r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodOptions
	if rt, _ := f.matchRoute(r.Method, c.Path); rt != nil {
		c.Route = rt.method + " " + rt.pattern
	}
	return c
}

func (f *Fake) handle(w http.ResponseWriter, r *http.Request, body []byte, c *Call) {
	actor, ok := f.authenticate(w, r, c)
	if !ok || (!c.GraphQL && !apiVersionOK(w, r)) {
		return
	}
	if f.spacingRejects(w, c) {
		return
	}
	f.runBefore(*c)
	if fe := f.takeFault(*c); fe != nil {
		c.Fault = fe.String()
		f.answerFault(w, r, body, c, actor, fe)
		return
	}
	f.dispatchThen(w, r, body, c, actor)
}

// dispatch runs the real handler (GraphQL executor or REST route).
func (f *Fake) dispatch(w http.ResponseWriter, r *http.Request, body []byte, c *Call, actor *user) {
	if c.GraphQL {
		f.serveGraphQL(w, r, body, c, actor)
		return
	}
	rt, params := f.matchRoute(r.Method, c.Path)
	if rt == nil {
		restError(w, http.StatusNotFound, "Not Found", "https://docs.github.com/rest")
		return
	}
	rt.h(w, &restReq{Request: r, params: params, actor: actor, body: body, call: c})
}

// dispatchDiscarding applies a request and throws the answer away, for faults that answer
// with an error after the write happened.
func (f *Fake) dispatchDiscarding(r *http.Request, body []byte, c *Call, actor *user) {
	f.dispatch(httptest.NewRecorder(), r, body, c, actor)
}

func restPath(p string) string {
	if strings.HasPrefix(p, "/api/v3/") || p == "/api/v3" {
		p = strings.TrimPrefix(p, "/api/v3")
	}
	if p == "" {
		return "/"
	}
	return p
}

func isGraphQLPath(p string) bool { return p == "/graphql" || p == "/api/graphql" }

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}
