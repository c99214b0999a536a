package githubfake

import "slices"

// DeleteDiscussion removes a discussion as a maintainer deleting it in the web interface
// would: it is gone from listings, lookups by number and search.
func (f *Fake) DeleteDiscussion(repo string, number int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	r.discussions = slices.DeleteFunc(r.discussions, func(d *discussion) bool { return d.number == number })
}
