package config

import (
	"fmt"
)

// refs checks that every profile named outside the providers section is defined. The
// protocols check their own sections' references (checkSections).
func (v *validator) refs() {
	for i, l := range v.cfg.Review.Lanes {
		if l.Profile != "" {
			v.ref(fmt.Sprintf("review.lanes[%d].profile", i), l.Profile)
		}
	}
}

func (v *validator) ref(path, name string) {
	if _, ok := v.cfg.Providers[name]; ok {
		return
	}
	names := sortedKeys(v.cfg.Providers)
	v.errf(path, "unknown profile %q%s%s", name, suggest(name, names), choicesNote("profiles", names))
}
