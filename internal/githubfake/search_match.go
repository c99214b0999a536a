package githubfake

import (
	"slices"
	"strings"
)

func (sq searchQuery) matches(d *discussion) bool {
	full := strings.ToLower(d.repo.fullName())
	switch {
	case len(sq.repos) > 0 && !slices.Contains(sq.repos, full):
		return false
	case len(sq.owners) > 0 && !slices.Contains(sq.owners, strings.ToLower(d.repo.owner.login)):
		return false
	case len(sq.categories) > 0 && !slices.Contains(sq.categories, strings.ToLower(d.category.name)) &&
		!slices.Contains(sq.categories, strings.ToLower(d.category.slug)):
		return false
	case len(sq.authors) > 0 && !slices.Contains(sq.authors, strings.ToLower(d.author.login)) &&
		!slices.Contains(sq.authors, strings.ToLower(d.author.graphQLLogin())):
		return false
	}
	for _, l := range sq.labels {
		if !slices.ContainsFunc(d.labels, func(x *label) bool { return strings.EqualFold(x.name, l) }) {
			return false
		}
	}
	for _, is := range sq.is {
		if !d.is(is) {
			return false
		}
	}
	text := sq.searchable(d)
	for _, p := range sq.phrases {
		if !containsPhrase(text, p) {
			return false
		}
	}
	return true
}

func (d *discussion) is(state string) bool {
	switch state {
	case "open", "unlocked":
		return true
	case "answered":
		return d.answer != nil
	case "unanswered":
		return d.answer == nil
	}
	return false // closed, locked: never, in the fake
}

// searchable is the word list of the fields the in: qualifier selects.
func (sq searchQuery) searchable(d *discussion) []string {
	var ws []string
	if sq.in["title"] {
		ws = append(ws, words(d.title)...)
	}
	if sq.in["body"] {
		ws = append(append(ws, "\x00"), words(d.body)...)
	}
	if sq.in["comments"] {
		for _, c := range d.comments {
			ws = append(append(ws, "\x00"), words(c.body)...)
			for _, r := range c.replies {
				ws = append(append(ws, "\x00"), words(r.body)...)
			}
		}
	}
	return ws
}

func containsPhrase(text, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(text); i++ {
		if slices.Equal(text[i:i+len(phrase)], phrase) {
			return true
		}
	}
	return false
}
