package github

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	gogithub "github.com/google/go-github/v62/github"
)

// Wrap returns a copy of hc (nil: http.DefaultClient) whose requests go through a Transport
// with o. If hc goes through one already, the copy replaces it (over the same base, and
// under its Key when o names none) rather than stacking a second one. hc's Timeout becomes
// the bound on each attempt (when o sets none) and is taken off the client: it would count
// the waits between attempts too, and cut a Retry-After short.
func Wrap(hc *http.Client, o Options) *http.Client {
	if hc == nil {
		hc = http.DefaultClient
	}
	c := *hc
	if o.Timeout == 0 {
		o.Timeout = c.Timeout
	}
	c.Timeout = 0
	base := hc.Transport
	if t, ok := base.(*Transport); ok {
		base = t.base
		if o.Key == "" {
			o.Key = t.Options().Key
		}
	}
	c.Transport = NewTransport(base, o)
	return &c
}

// TransportOf returns the Transport hc's requests go through, if any.
func TransportOf(hc *http.Client) (*Transport, bool) {
	if hc == nil {
		return nil, false
	}
	t, ok := hc.Transport.(*Transport)
	return t, ok
}

// REST returns a go-github client over hc rooted at apiURL (GITHUB_API_URL: api.github.com,
// or GitHub Enterprise Server's https://HOST/api/v3; "" keeps github.com).
func REST(hc *http.Client, apiURL string) (*gogithub.Client, error) {
	c := gogithub.NewClient(hc)
	if apiURL == "" {
		return c, nil
	}
	u, err := url.Parse(strings.TrimSuffix(apiURL, "/") + "/")
	if err != nil {
		return nil, fmt.Errorf("GitHub API URL %q: %w", apiURL, err)
	}
	c.BaseURL = u
	return c, nil
}
