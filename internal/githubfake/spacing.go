package githubfake

import (
	"net/http"
	"time"
)

// spacing models GitHub's advice to leave at least a second between mutating requests. Like
// GitHub's secondary limits it is per account: one user's write does not crowd another's.
type spacing struct {
	min        time.Duration
	reject     bool
	last       map[string]time.Time // by acting login
	violations int
}

// SetMutationSpacing counts mutations (GraphQL mutations and REST POST/PATCH/PUT/DELETE)
// that arrive less than min after the previous one of the same account, by the fake's
// clock. With reject, such
// a mutation is answered with a 403 secondary-rate-limit error (Retry-After: min, rounded
// up to seconds) and not applied. min 0 turns the check off.
func (f *Fake) SetMutationSpacing(min time.Duration, reject bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.spacing = spacing{min: min, reject: reject, last: map[string]time.Time{}}
}

// SpacingViolations is how many mutations came too close to the previous one.
func (f *Fake) SpacingViolations() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.spacing.violations
}

func (f *Fake) spacingRejects(w http.ResponseWriter, c *Call) bool {
	if !c.Mutation {
		return false
	}
	f.mu.Lock()
	sp := &f.spacing
	if sp.min <= 0 {
		f.mu.Unlock()
		return false
	}
	now := f.now()
	last := sp.last[c.Login]
	violated := !last.IsZero() && now.Sub(last) < sp.min
	sp.last[c.Login] = now
	if violated {
		sp.violations++
	}
	reject, wait := violated && sp.reject, max(sp.min, time.Second)
	f.mu.Unlock()
	if reject {
		c.Fault = "mutation spacing"
		f.writeSecondaryLimit(w, c, http.StatusForbidden, wait)
	}
	return reject
}
