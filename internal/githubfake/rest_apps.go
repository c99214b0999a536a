package githubfake

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// createInstallationToken mints an installation token (valid one hour by the fake's clock)
// for an installation added with AddInstallation. It requires an App JWT: three base64url
// parts, an RS256 header, and iss/iat/exp claims with exp at most 10 minutes ahead. The
// JWT's timing is checked against the real clock, which is what the signer used; the
// signature is not verified (the fake has no key).
func (f *Fake) createInstallationToken(w http.ResponseWriter, rq *restReq) {
	if msg := checkAppJWT(bearerToken(rq.Request), time.Now()); msg != "" {
		restError(w, http.StatusUnauthorized, msg, restDocs)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	id, ok := intParam(w, rq, "installation_id")
	if !ok {
		return
	}
	bot := f.st.install[id]
	if bot == nil {
		notFound(w)
		return
	}
	token := fmt.Sprintf("ghs_fake%036d", f.st.id())
	expires := f.clock().Add(time.Hour)
	f.st.tokens[token] = bot
	f.st.tokenExpiry[token] = expires
	writeJSON(w, http.StatusCreated, obj{
		"token": token, "expires_at": ts(expires), "repository_selection": "all",
		"permissions": obj{"checks": "write", "contents": "read", "discussions": "write",
			"issues": "write", "metadata": "read", "pull_requests": "write"},
	})
}

func checkAppJWT(tok string, now time.Time) string {
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return "A JSON web token could not be decoded"
	}
	var hdr struct {
		Alg string `json:"alg"`
	}
	var claims struct {
		Iss any     `json:"iss"`
		Iat float64 `json:"iat"`
		Exp float64 `json:"exp"`
	}
	if decodeSegment(parts[0], &hdr) != nil || decodeSegment(parts[1], &claims) != nil || parts[2] == "" {
		return "A JSON web token could not be decoded"
	}
	exp := time.Unix(int64(claims.Exp), 0)
	switch {
	case hdr.Alg != "RS256":
		return "A JSON web token could not be decoded"
	case claims.Iss == nil || claims.Exp == 0 || claims.Iat == 0:
		return "A JSON web token could not be decoded"
	case exp.After(now.Add(10*time.Minute + 30*time.Second)):
		return "'Expiration time' claim ('exp') is too far in the future"
	case !exp.After(now):
		return "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires"
	}
	return ""
}

func decodeSegment(seg string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(seg, "="))
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}
