// Package cachecheck finds the prompt-cache writes a session's requests make that no later
// request reads, for the protocols' tests: each protocol marks a cache break only where a later
// call of the session on the same model sends that prefix again (engine.CallSpec.CacheUpTo),
// since a marked prefix is written at a premium and pays back only when read.
package cachecheck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// Unread lists, in the words of a test failure, each cache write among reqs (in the order they
// were sent) that no later request reads. A marked break is a write when no earlier request to
// the same model, with the same system text, marked the same prefix (then it is a read); it is
// read when a later such request sends that prefix and marks the same break, so that the
// vendor sees a block boundary there. It also returns how many writes there were.
func Unread(reqs []provider.Request) (unread []string, writes int) {
	same := func(a, b provider.Request) bool { return a.Model == b.Model && a.System == b.System }
	marks := func(r provider.Request, prefix string) bool {
		return strings.HasPrefix(r.User, prefix) && slices.Contains(r.CacheBreaks, len(prefix))
	}
	for i, r := range reqs {
		for _, b := range r.CacheBreaks {
			if b <= 0 || b > len(r.User) {
				continue
			}
			prefix := r.User[:b]
			if slices.ContainsFunc(reqs[:i], func(e provider.Request) bool { return same(e, r) && marks(e, prefix) }) {
				continue // written before: this is a read
			}
			writes++
			if !slices.ContainsFunc(reqs[i+1:], func(l provider.Request) bool { return same(l, r) && marks(l, prefix) }) {
				unread = append(unread, fmt.Sprintf("the %s call (request %d) writes a %d-byte prefix that no later call to %s reads",
					r.Role, i, b, r.Model))
			}
		}
	}
	return unread, writes
}
