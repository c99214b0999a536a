package githubfake

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// supportedAPIVersions are the REST API versions GitHub documents as supported.
var supportedAPIVersions = map[string]bool{"2022-11-28": true, "2026-03-10": true}

// apiVersionOK answers 400 for an X-GitHub-Api-Version GitHub does not support (GitHub's
// api-versions page: "If you specify an API version that is no longer supported, you will
// receive a 400 error"). No header means the default version.
func apiVersionOK(w http.ResponseWriter, r *http.Request) bool {
	v := r.Header.Get("X-GitHub-Api-Version")
	if v == "" || supportedAPIVersions[v] {
		w.Header().Set("X-GitHub-Api-Version-Selected", orDefault(v, "2022-11-28"))
		return true
	}
	restError(w, http.StatusBadRequest, "Unsupported 'X-GitHub-Api-Version' header value: "+v,
		"https://docs.github.com/rest/about-the-rest-api/api-versions")
	return false
}

// authenticate resolves the acting user from "Authorization: Bearer|token X" and sets the
// rate-limit headers. App endpoints (/app/..., /repos/{o}/{r}/installation) want an App
// JWT instead, checked by their handler; they act as no user.
func (f *Fake) authenticate(w http.ResponseWriter, r *http.Request, c *Call) (*user, bool) {
	if !c.GraphQL && (strings.HasPrefix(c.Path, "/app/") || strings.HasPrefix(c.Path, "/app-manifests/") || strings.HasSuffix(c.Route, "/installation")) {
		f.setRateHeaders(w, "app", "core")
		return nil, true
	}
	token := bearerToken(r)
	f.mu.Lock()
	u := f.st.tokens[token]
	if exp, ok := f.st.tokenExpiry[token]; ok && !f.clock().Before(exp) {
		u = nil // an expired installation token: 401, as on GitHub
	}
	f.mu.Unlock()
	resource := "core"
	if c.GraphQL {
		resource = "graphql"
	} else if strings.HasPrefix(c.Path, "/search/") {
		resource = "search"
	}
	if u == nil {
		f.setRateHeaders(w, "", resource)
		docs := "https://docs.github.com/rest"
		if c.GraphQL {
			docs = "https://docs.github.com/graphql"
		}
		msg := "Bad credentials"
		if token == "" {
			msg = "Requires authentication"
			if c.GraphQL {
				msg = "This endpoint requires you to be authenticated."
			}
		}
		restError(w, http.StatusUnauthorized, msg, docs)
		return nil, false
	}
	c.Login = u.login
	f.setRateHeaders(w, u.login, resource)
	return u, true
}

func bearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	for _, p := range []string{"Bearer ", "bearer ", "token ", "Token "} {
		if strings.HasPrefix(h, p) {
			return strings.TrimSpace(h[len(p):])
		}
	}
	return ""
}

// rateBucket is one primary rate-limit window (per login and resource).
type rateBucket struct {
	limit, used int
	reset       time.Time
}

func (f *Fake) bucket(login, resource string) *rateBucket {
	key := login + "\x00" + resource
	b := f.rate[key]
	now := f.clock()
	if b == nil || !now.Before(b.reset) {
		limit := 5000
		if login == "" {
			limit = 60
		}
		b = &rateBucket{limit: limit, reset: now.Add(time.Hour)}
		f.rate[key] = b
	}
	return b
}

func (f *Fake) setRateHeaders(w http.ResponseWriter, login, resource string) {
	f.mu.Lock()
	b := f.bucket(login, resource)
	if b.used < b.limit {
		b.used++
	}
	limit, used, reset := b.limit, b.used, b.reset
	f.mu.Unlock()
	h := w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(limit-used))
	h.Set("X-RateLimit-Used", strconv.Itoa(used))
	h.Set("X-RateLimit-Reset", strconv.FormatInt(reset.Unix(), 10))
	h.Set("X-RateLimit-Resource", resource)
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
